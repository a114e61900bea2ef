import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './harness';
import { buildApp, type App } from '../../server/app';
import { DEMO_PASSWORD } from '../../server/db/seed/demoData';
import { ApiPath } from '../../src/contract/apiPaths';

/**
 * Two instances on one database share what a user could otherwise play one against the other
 * with (docs/DECISIONS.md "Shared state across instances"): rate-limit counters and
 * uploaded images. The second instance is a second app on the same database, as another
 * process behind the load balancer would be.
 */
const FAILURES = 6;
let server: TestServer;
let other: App;
let operator: string;

beforeAll(async () => {
  server = await startTestServer({ config: { loginFailuresPerAddress: FAILURES } });
  other = await buildApp({ config: server.app.context.config, database: server.database, now: server.app.context.now });
  operator = await server.login('superAdmin');
});
afterAll(async () => {
  await other?.close();
  await server?.close();
});

const attempt = (app: App, account: string, password: string, remoteAddress: string) =>
  app.inject({ method: 'POST', url: `/api${ApiPath.auth.login}`, remoteAddress, payload: { account, password } });
const codeOf = (response: Awaited<ReturnType<typeof attempt>>) => response.json<{ code: number }>().code;

describe('rate limits count across instances', () => {
  it('failed sign-ins from one address split over two instances stop at the one limit', async () => {
    const address = '198.51.100.20';
    const codes: number[] = [];
    for (let i = 0; i < FAILURES * 2; i += 1)
      codes.push(codeOf(await attempt(i % 2 ? other : server.app, `nobody${i}`, 'Wrong#Guess1', address)));
    expect(codes.filter((code) => code === 401)).toHaveLength(FAILURES);
    expect(codes.slice(FAILURES).every((code) => code === 429)).toBe(true);
    // Either instance now withholds even the right password from that address.
    expect(codeOf(await attempt(server.app, 'operatorEmployee', DEMO_PASSWORD, address))).toBe(429);
    expect(codeOf(await attempt(other, 'operatorEmployee', DEMO_PASSWORD, address))).toBe(429);
    expect(codeOf(await attempt(other, 'operatorEmployee', DEMO_PASSWORD, '198.51.100.21'))).toBe(200);
  });

  it('a burst of one account’s sign-ins over both instances is cut at 20 a minute in all', async () => {
    // Right passwords: the failures limit stays out of it, only the per-account minute counts.
    const address = '198.51.100.30';
    const burst = await Promise.all(
      Array.from({ length: 24 }, (_, i) => attempt(i % 2 ? other : server.app, 'merchantLiteEmployee', DEMO_PASSWORD, address)),
    );
    const codes = burst.map(codeOf);
    expect(codes.filter((code) => code === 200)).toHaveLength(20);
    expect(codes.filter((code) => code === 429)).toHaveLength(4);
  });

  it('the counters are stored hashed: no account or address in the clear', async () => {
    const rows = await server.app.context.db.selectFrom('rateLimitCounter').select('key').execute();
    expect(rows.length).toBeGreaterThan(0);
    for (const { key } of rows) {
      expect(key).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(key).not.toContain('198.51');
    }
  });
});

describe('uploads are served by every instance', () => {
  const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), randomBytes(40)]);

  it('an image uploaded through one instance is served by the other, with the same safety headers', async () => {
    const boundary = '----shared';
    const payload = Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="logo.png"\r\nContent-Type: image/png\r\n\r\n`),
      PNG,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const uploaded = await server.app.inject({
      method: 'POST',
      url: `/api${ApiPath.brand.upload}`,
      headers: { authorization: `Bearer ${operator}`, 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload,
    });
    const { url } = uploaded.json<{ data: { url: string } }>().data;
    const served = await other.inject({ method: 'GET', url });
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.equals(PNG)).toBe(true);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.headers['content-security-policy']).toContain('sandbox');
    expect(served.headers['cache-control']).toContain('immutable');
    // Nothing was written to the instance's disk.
    expect(fs.readdirSync(server.app.context.config.uploadsDir)).toEqual([]);
  });

  it('an image an older version left on disk is still served; unknown and malformed names are 404s', async () => {
    const name = `${randomBytes(16).toString('hex')}.png`;
    fs.writeFileSync(path.join(server.app.context.config.uploadsDir, name), PNG);
    const legacy = await other.inject({ method: 'GET', url: `/uploads/${name}` });
    expect(legacy.statusCode).toBe(200);
    expect(legacy.headers['content-type']).toBe('image/png');
    expect(legacy.rawPayload.equals(PNG)).toBe(true);
    for (const url of [`/uploads/${randomBytes(16).toString('hex')}.png`, '/uploads/notes.txt', '/uploads/..%2f..%2fpackage.json']) {
      expect((await other.inject({ method: 'GET', url })).statusCode, url).toBe(404);
    }
  });
});
