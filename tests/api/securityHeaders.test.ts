import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readConfig } from '../../server/config';
import { startTestServer, type TestServer } from './harness';
import { ApiPath } from '../../src/contract/apiPaths';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const guessFrom = (forwardedFor: string) =>
  server.app.inject({
    method: 'POST',
    url: `/api${ApiPath.auth.login}`,
    headers: { 'x-forwarded-for': forwardedFor },
    payload: { account: 'merchantStdEmployee', password: 'wrong-guess-9' },
  });

describe('security headers', () => {
  it('an API answer may not be framed, sniffed, stored or leak its URL as a referrer', async () => {
    const res = await server.app.inject({ method: 'GET', url: `/api${ApiPath.brand.get}` });
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['referrer-policy']).toBe('same-origin');
  });

  it('browsers keep to HTTPS for a year, subdomains included, once they have seen the site', async () => {
    for (const url of [`/api${ApiPath.brand.get}`, '/locales/en-US/api.json?v=1']) {
      const res = await server.app.inject({ method: 'GET', url });
      expect(res.headers['strict-transport-security'], url).toBe('max-age=31536000; includeSubDomains');
    }
  });

  it("helmet's other defaults apply, but not cross-origin embedding isolation, which would block a brand logo on another host", async () => {
    const res = await server.app.inject({ method: 'GET', url: `/api${ApiPath.brand.get}` });
    expect(res.headers['cross-origin-opener-policy']).toBe('same-origin');
    expect(res.headers['x-permitted-cross-domain-policies']).toBe('none');
    expect(res.headers['cross-origin-embedder-policy']).toBeUndefined();
    expect(res.headers['x-powered-by']).toBeUndefined();
  });

  it('a refusal carries them too', async () => {
    const res = await server.app.inject({ method: 'GET', url: `/api${ApiPath.chain.list}` });
    expect(res.json()).toMatchObject({ code: 401 });
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('the console runs only its own scripts: no inline script, no eval, no other host', async () => {
    for (const url of ['/', '/multisig', `/api${ApiPath.brand.get}`]) {
      const policy = String((await server.app.inject({ method: 'GET', url })).headers['content-security-policy']);
      const directives = Object.fromEntries(policy.split(/;\s*/).map((d) => [d.split(' ')[0], d.split(' ').slice(1)]));
      expect(directives['script-src'], url).toEqual(["'self'"]);
      expect(directives['default-src'], url).toEqual(["'self'"]);
      expect(directives['connect-src'], url).toEqual(["'self'"]);
      expect(directives['object-src'], url).toEqual(["'none'"]);
      expect(policy, url).not.toMatch(/unsafe-eval|script-src[^;]*unsafe-inline/);
    }
  });

  it('translation files keep their own caching and are not framed either', async () => {
    const res = await server.app.inject({ method: 'GET', url: '/locales/en-US/api.json?v=1' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toContain('immutable');
    expect(res.headers['x-frame-options']).toBe('DENY');
  });
});

describe('the client address behind rate limits', () => {
  it('is the connection’s by default: a made-up X-Forwarded-For does not buy more password guesses', async () => {
    const answers = [];
    for (let i = 0; i < 21; i++) answers.push((await guessFrom(`203.0.113.${i}`)).json<{ code: number }>().code);
    expect(answers.filter((code) => code === 401)).toHaveLength(20);
    expect(answers.at(-1)).toBe(429);
  });

  it('follows X-Forwarded-For only from proxies named in TRUST_PROXY', async () => {
    expect(readConfig({}).trustProxy).toBe(false);
    expect(readConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    expect(readConfig({ TRUST_PROXY: 'loopback, 10.0.0.0/8' }).trustProxy).toBe('loopback, 10.0.0.0/8');
    // Behind a trusted proxy each client address has its own count (inject connects from 127.0.0.1).
    const behindProxy = await startTestServer({ config: { trustProxy: '127.0.0.1' } });
    try {
      const codes = [];
      for (let i = 0; i < 21; i++) {
        const res = await behindProxy.app.inject({
          method: 'POST',
          url: `/api${ApiPath.auth.login}`,
          headers: { 'x-forwarded-for': `203.0.113.${i}` },
          payload: { account: 'merchantStdEmployee', password: 'wrong-guess-9' },
        });
        codes.push(res.json<{ code: number }>().code);
      }
      expect(codes.every((code) => code === 401)).toBe(true);
    } finally {
      await behindProxy.close();
    }
  });
});
