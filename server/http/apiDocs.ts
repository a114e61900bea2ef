import { createRequire } from 'node:module';
import type { FastifyInstance } from 'fastify';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { ServerContext } from './serverContext';
import { buildOpenApiDocument, OPENAPI_PATH, type OpenApiDocument } from './openApi';

/** Where the reader (Swagger UI) is served; its own files live under `${API_DOCS_PATH}/static/`. */
export const API_DOCS_PATH = '/api/docs';

const { version } = createRequire(import.meta.url)('../../package.json') as { version: string };

/**
 * The API's description, GET /api/openapi.json, and a reader of it, GET /api/docs
 * (docs/DECISIONS.md "The API describes itself"). The document is made once the app is ready,
 * when every route has been declared (modules register some inside plugins, which load late),
 * from the routes `defineRoute` recorded on this app's context.
 *
 * The reader is @fastify/swagger-ui: its page loads only its own same-origin scripts (no inline
 * script: its CSP hash list is empty), so it runs under the console's Content-Security-Policy
 * as it is; no policy of its own is needed.
 */
export async function registerApiDocs(app: FastifyInstance, context: ServerContext): Promise<void> {
  // Filled in on ready; @fastify/swagger (static mode) and GET /api/openapi.json hand out this one object.
  const document = {} as OpenApiDocument;
  app.addHook('onReady', async () => {
    Object.assign(
      document,
      buildOpenApiDocument(context.routes, {
        version,
        extra: [
          {
            method: 'GET',
            path: OPENAPI_PATH,
            operation: {
              operationId: 'getOpenApiDocument',
              tags: ['docs'],
              summary: 'This document (OpenAPI 3.1); a reader of it is at /api/docs',
              description: 'Access: public — no session token needed. Not in the envelope: the document itself.',
              security: [],
              responses: { 200: { description: 'The OpenAPI document.', content: { 'application/json': { schema: { type: 'object' } } } } },
            },
          },
        ],
      }),
    );
  });
  await app.register(swagger, { mode: 'static', specification: { document: document as never } });
  app.get(OPENAPI_PATH, async (_request, reply) => reply.type('application/json; charset=utf-8').send(document));
  await app.register(swaggerUi, {
    routePrefix: API_DOCS_PATH,
    // No call to a validator on another host (the badge): nothing leaves this origin.
    validatorUrl: false,
    // No top bar (its box loads any document URL); a token typed into Authorize is never kept in
    // localStorage, beside the console's own session.
    uiConfig: { layout: 'BaseLayout', deepLinking: true, persistAuthorization: false, tryItOutEnabled: false },
  });
}
