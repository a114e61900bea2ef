import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { buildOpenApiDocument, describeAccess, operationIdOf, tagOf } from '../../server/http/openApi';
import type { RouteRecord } from '../../server/http/routeRegistry';
import { masks } from '../../src/access';
import { ApiPath, resourcePaths } from '../../src/contract/apiPaths';

const route = (over: Partial<RouteRecord>): RouteRecord => ({
  method: 'GET',
  path: `/api${resourcePaths('thing').list}`,
  access: 'signedIn',
  stepUp: false,
  beforeEnrolment: false,
  ...over,
});

interface Node {
  name: string;
  children: Node[];
}
const tree: z.ZodType<Node> = z.lazy(() => z.object({ name: z.string(), children: z.array(tree) }));

describe('the OpenAPI document of declared routes', () => {
  it('never fails on what JSON Schema cannot say: transforms, custom checks, bigints, dates, recursion', () => {
    const body = z.object({
      amount: z.custom<string>((v) => typeof v === 'string'),
      big: z.bigint(),
      at: z.date(),
      code: z.string().transform((s) => s.toUpperCase()),
      tree,
    });
    const doc = buildOpenApiDocument(
      [
        route({
          method: 'POST',
          path: `/api${resourcePaths('thing').save}`,
          body,
          response: z.object({ at: z.date(), n: z.string().transform(Number) }),
        }),
      ],
      { version: '1' },
    );
    const schema = (
      doc.paths[`/api${resourcePaths('thing').save}`].post as {
        requestBody: { content: { 'application/json': { schema: { properties: Record<string, unknown> } } } };
      }
    ).requestBody.content['application/json'].schema;
    expect(schema.properties).toMatchObject({
      amount: {},
      big: { type: 'string' },
      at: { type: 'string', format: 'date-time' },
      code: { type: 'string' },
    });
    // A recursive schema's definitions move to the components, where a $ref of the document reaches them.
    const text = JSON.stringify(doc);
    expect(text).not.toContain('#/$defs/');
    for (const [, name] of text.matchAll(/"#\/components\/schemas\/([^"]+)"/g)) expect(doc.components.schemas, name).toHaveProperty([name]);
  });

  it('names operations, tags and access from the path and the mask', () => {
    expect(operationIdOf('POST', `/api${ApiPath.chainWallet.delete}`)).toBe('postChainWalletDeleteByid');
    expect(operationIdOf('GET', '/api/health/live')).toBe('getHealthLive');
    expect(tagOf(`/api${ApiPath.chainWallet.list}`)).toBe('chain-wallet');
    expect(tagOf('/api/health/ready')).toBe('health');
    expect(describeAccess('public')).toContain('public');
    expect(describeAccess(masks.operator)).toContain('superAdmin, operatorEmployee');
    expect(describeAccess(masks.operator)).toContain('masks.operator');
    expect(describeAccess(masks.all)).toContain('every role');
  });

  it('keeps apart what two apps declared: the document is made from the list it is given', () => {
    const a = buildOpenApiDocument([route({ path: `/api${resourcePaths('a').list}` })], { version: '1' });
    const b = buildOpenApiDocument([route({ path: `/api${resourcePaths('b').list}` })], { version: '1' });
    expect(Object.keys(a.paths)).toEqual([`/api${resourcePaths('a').list}`]);
    expect(Object.keys(b.paths)).toEqual([`/api${resourcePaths('b').list}`]);
  });
});
