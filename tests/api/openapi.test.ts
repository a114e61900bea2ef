import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { validate } from '@readme/openapi-parser';
import { startTestServer, type TestServer } from './harness';
import { defineRoute } from '../../server/http/route';
import { API_DOCS_PATH } from '../../server/http/apiDocs';
import type { OpenApiDocument } from '../../server/http/openApi';
import { ApiPath } from '../../src/contract/apiPaths';

// eslint-disable-next-line no-restricted-syntax -- a route this test registers itself, not one of the API's
const STRAY_PATH = '/sys/test-only/stray';

// eslint-disable-next-line no-restricted-syntax -- a route this test registers itself, not one of the API's
const ODD_PATH = '/sys/test-only/odd';

interface Node {
  name: string;
  children: Node[];
}
// A recursive schema is a component of its own: the type provider needs its id to refer to it (docs/DECISIONS.md "Routes in Fastify's pipeline").
const tree: z.ZodType<Node> = z.lazy(() => z.object({ name: z.string(), children: z.array(tree) })).meta({ id: 'TestOnlyTree' });

let server: TestServer;
let doc: OpenApiDocument;
beforeAll(async () => {
  server = await startTestServer();
  // A route whose handler returns more than its response schema names (a stray column).
  defineRoute(server.app, server.app.context, {
    method: 'GET',
    path: STRAY_PATH,
    access: 'public',
    response: z.object({ id: z.number(), name: z.string(), nested: z.object({ kept: z.boolean() }) }),
    handler: async () => ({ id: 7, name: 'seven', passwordHash: 'scrypt$secret', nested: { kept: true, tokenHash: 'abc' } }),
  });
  // A route whose schemas JSON Schema cannot say whole: a custom check, a bigint, a date, a transform, recursion.
  defineRoute(server.app, server.app.context, {
    method: 'POST',
    path: ODD_PATH,
    access: 'public',
    body: z.object({
      amount: z.custom<string>((v) => typeof v === 'string'),
      big: z.bigint(),
      at: z.date(),
      code: z.string().transform((s) => s.toUpperCase()),
      tree,
    }),
    response: z.object({ at: z.date(), n: z.string().transform(Number) }),
    handler: async () => ({ at: new Date(0), n: '1' }),
  });
  await server.app.ready();
  const res = await server.app.inject({ method: 'GET', url: '/api/openapi.json' });
  expect(res.statusCode).toBe(200);
  doc = res.json<OpenApiDocument>();
});
afterAll(() => server?.close());

type Operation = {
  operationId: string;
  tags: string[];
  description: string;
  security: unknown[];
  parameters?: Array<{ name: string; in: string; required: boolean }>;
  requestBody?: { content: Record<string, { schema: Record<string, unknown> }> };
  responses: Record<string, { content: Record<string, { schema: { anyOf: Array<{ properties?: { data: Record<string, unknown> } }> } }> }>;
};
const operation = (method: string, path: string) => doc.paths[`/api${path}`]?.[method] as Operation;
/** The schema of `data` of a route's success envelope. */
const dataOf = (method: string, path: string) =>
  operation(method, path).responses[200].content['application/json'].schema.anyOf[0].properties!.data;

describe('the API describes itself', () => {
  it('documents every route Fastify serves under /api, with its method', () => {
    // The reader's own page and files are not API calls; everything else must be described.
    const served = server.app.routeList
      .map((route) => route.split(' ') as [string, string])
      .filter(([method, url]) => method !== 'HEAD' && (url === '/api' || url.startsWith('/api/')))
      .filter(([, url]) => url !== API_DOCS_PATH && !url.startsWith(`${API_DOCS_PATH}/`));
    expect(served.length).toBeGreaterThan(80);
    const missing = served.filter(([method, url]) => !doc.paths[url.replace(/:(\w+)/g, '{$1}')]?.[method.toLowerCase()]);
    expect(missing).toEqual([]);
    // …and describes nothing that is not served.
    const documented = Object.entries(doc.paths).flatMap(([path, methods]) =>
      Object.keys(methods).map((method) => `${method.toUpperCase()} ${path.replace(/\{(\w+)\}/g, ':$1')}`),
    );
    expect(documented.filter((route) => !server.app.routeList.includes(route))).toEqual([]);
  });

  it('is a valid OpenAPI 3.1 document', async () => {
    expect(doc.openapi).toMatch(/^3\.1\.\d+$/);
    expect(doc.components.securitySchemes).toMatchObject({
      sessionToken: { type: 'http', scheme: 'bearer' },
      orgId: { type: 'apiKey', in: 'header', name: 'X-Org-Id' },
    });
    const result = await validate(structuredClone(doc) as never);
    expect(result.valid ? [] : result.errors).toEqual([]);
    const ids = Object.values(doc.paths).flatMap((methods) => Object.values(methods).map((op) => op.operationId));
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('says who may call each route, and which need a step-up', () => {
    expect(operation('post', ApiPath.auth.login).description).toContain('public');
    expect(operation('post', ApiPath.auth.login).security).toEqual([]);
    expect(operation('get', ApiPath.auth.me).description).toContain('signed in');
    const chainSave = operation('post', ApiPath.chain.save);
    expect(chainSave.tags).toEqual(['chain']);
    expect(chainSave.operationId).toBe('postChainSave');
    expect(chainSave.description).toMatch(/superAdmin, operatorEmployee \(role mask 0x[0-9a-f]+, masks\.operator\)/);
    expect(chainSave.description).not.toContain('step-up');
    expect(operation('post', ApiPath.account.password).description).toContain('Requires step-up');
    expect(operation('post', ApiPath.chain.delete).parameters).toEqual([
      expect.objectContaining({ name: 'id', in: 'path', required: true }),
      expect.objectContaining({ name: 'Idempotency-Key', in: 'header', required: false }),
    ]);
    expect(operation('post', ApiPath.chain.delete).operationId).toBe('postChainDeleteByid');
  });

  it('names the Idempotency-Key header on every authenticated POST, not on public ones or reads', () => {
    const takesKey = (method: 'get' | 'post', path: string) =>
      ((operation(method, path).parameters as Array<{ name: string }> | undefined) ?? []).some((p) => p.name === 'Idempotency-Key');
    expect(takesKey('post', ApiPath.movement.save)).toBe(true);
    expect(takesKey('post', ApiPath.auth.login)).toBe(false);
    expect(takesKey('get', ApiPath.auth.me)).toBe(false);
  });

  it('describes queries and bodies from the zod contract', () => {
    const list = operation('get', ApiPath.chain.list);
    expect(list.parameters?.map((p) => p.name)).toEqual(expect.arrayContaining(['page', 'pageSize', 'sort', 'order', 'family']));
    expect(list.parameters?.find((p) => p.name === 'page')?.required).toBe(false);
    const login = operation('post', ApiPath.auth.login).requestBody!.content['application/json'].schema;
    expect(login).toMatchObject({ type: 'object', required: expect.arrayContaining(['account', 'password']) });
    // A schema with a transform and a refinement (sign-up's invitation code) still has its input described.
    expect(operation('post', ApiPath.auth.signup).requestBody!.content['application/json'].schema).toMatchObject({
      properties: { invitationCode: { type: 'string' } },
    });
  });

  it('shows the response schema every route declares', () => {
    expect(dataOf('get', ApiPath.chain.detail)).toMatchObject({
      type: 'object',
      properties: { createdAt: { type: 'string', format: 'date-time' } },
    });
    expect(dataOf('get', ApiPath.auth.me)).toMatchObject({ properties: { orgList: { type: 'array' } } });
    expect(dataOf('get', ApiPath.auth.me)).not.toHaveProperty('properties.token');
    expect(dataOf('get', ApiPath.policy.detail)).toMatchObject({ properties: { active: { type: 'object' }, wallets: { type: 'array' } } });
    expect(dataOf('get', ApiPath.policy.evaluate)).toMatchObject({ properties: { now: { type: 'object' } } });
    expect(dataOf('post', ApiPath.policy.save)).toMatchObject({ properties: { pending: {} } });
    // Every route says what it answers: an answer no schema checks is a route to fix (issue 34).
    const undescribed = server.app.context.routes.filter((route) => !route.response).map((route) => `${route.method} ${route.path}`);
    expect(undescribed).toEqual([]);
  });

  it('a response schema strips what it does not name: a stray column never leaks', async () => {
    // Asked of the instance the test route is on (with TEST_INSTANCES=2, `call` alternates between two).
    const res = (await server.app.inject({ method: 'GET', url: `/api${STRAY_PATH}` })).json();
    expect(res).toEqual({ code: 200, msg: expect.any(String), data: { id: 7, name: 'seven', nested: { kept: true } } });
    const token = await server.login('superAdmin');
    const chain = await server.call<Record<string, unknown>>('GET', ApiPath.chain.detail, { token, query: { id: 1 } });
    expect(chain.code).toBe(200);
    expect(typeof chain.data.createdAt).toBe('string');
  });

  it('never fails on what JSON Schema cannot say: transforms, custom checks, bigints, dates, recursion', () => {
    const schema = operation('post', ODD_PATH).requestBody!.content['application/json'].schema as { properties: Record<string, unknown> };
    expect(schema.properties).toMatchObject({
      amount: {},
      big: { type: 'string' },
      at: { type: 'string', format: 'date-time' },
      code: { type: 'string' },
    });
    expect(dataOf('post', ODD_PATH)).toMatchObject({ properties: { at: { type: 'string', format: 'date-time' } } });
    // A recursive schema is a component, where a $ref of the document reaches it.
    const text = JSON.stringify(doc);
    expect(text).not.toContain('#/$defs/');
    for (const [, name] of text.matchAll(/"#\/components\/schemas\/([^"]+)"/g)) expect(doc.components.schemas, name).toHaveProperty([name]);
  });

  it('holds no secret of the server', () => {
    const text = JSON.stringify(doc);
    expect(text).not.toMatch(/postgres:\/\/|DATABASE_URL|dataDir|uploadsDir/i);
  });

  it('has a reader at /api/docs that loads only its own files', async () => {
    const res = await server.app.inject({ method: 'GET', url: API_DOCS_PATH });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.body).toContain('swagger-ui');
    // No inline script: the console's policy (script-src 'self') applies as it is.
    expect(res.body).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/);
    expect(String(res.headers['content-security-policy'])).toContain("script-src 'self'");
    const scripts = [...res.body.matchAll(/<script[^>]*src="([^"]+)"/g)].map(([, src]) => src);
    expect(scripts.length).toBeGreaterThan(0);
    for (const src of scripts) {
      expect(src.startsWith('/api/docs/')).toBe(true);
      const file = await server.app.inject({ method: 'GET', url: src });
      expect(file.statusCode, src).toBe(200);
    }
  });
});
