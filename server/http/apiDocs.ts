import { createRequire } from 'node:module';
import type { FastifyInstance } from 'fastify';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { describeApi, describeRoute, openApiBase, OPENAPI_PATH } from './openApi';

/** Where the reader (Swagger UI) is served; its own files live under `${API_DOCS_PATH}/static/`. */
export const API_DOCS_PATH = '/api/docs';

const { version } = createRequire(import.meta.url)('../../package.json') as { version: string };

/**
 * The API's description, GET /api/openapi.json, and a reader of it, GET /api/docs
 * (docs/DECISIONS.md "The API describes itself"). @fastify/swagger (dynamic mode) sees each route
 * as it is added, so this is registered before the modules' routes; the document is made on first
 * ask, once every route is in, from their zod schemas and their `config.api` (server/http/openApi.ts).
 *
 * The reader is @fastify/swagger-ui: its page loads only its own same-origin scripts (no inline
 * script: its CSP hash list is empty), so it runs under the console's Content-Security-Policy
 * as it is; no policy of its own is needed.
 */
export async function registerApiDocs(app: FastifyInstance): Promise<void> {
  await app.register(swagger, { openapi: openApiBase(version), transform: describeRoute, transformObject: describeApi });
  app.get(OPENAPI_PATH, async (_request, reply) => reply.type('application/json; charset=utf-8').send(app.swagger()));
  await app.register(swaggerUi, {
    routePrefix: API_DOCS_PATH,
    // No call to a validator on another host (the badge): nothing leaves this origin.
    validatorUrl: false,
    // No top bar (its box loads any document URL); a token typed into Authorize is never kept in
    // localStorage, beside the console's own session.
    uiConfig: { layout: 'BaseLayout', deepLinking: true, persistAuthorization: false, tryItOutEnabled: false },
  });
}
