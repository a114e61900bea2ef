import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiPath } from '../../src/contract/apiPaths';
import { readConfig } from '../../server/config';
import { startTestServer, type TestServer } from './harness';

// A console build of two files: the page and one hashed chunk, served as `npm start` serves dist/.
const staticDir = fs.mkdtempSync(path.join(os.tmpdir(), 'custody-headers-'));
let server: TestServer;
beforeAll(async () => {
  fs.mkdirSync(path.join(staticDir, 'assets'));
  fs.writeFileSync(path.join(staticDir, 'index.html'), '<!doctype html><title>Custodia</title><div id="root"></div>');
  fs.writeFileSync(path.join(staticDir, 'assets', 'index-abc123.js'), 'export {};\n');
  fs.writeFileSync(path.join(staticDir, 'assets', 'index-abc123.css'), 'body{}\n');
  fs.writeFileSync(path.join(staticDir, 'assets', 'logo-abc123.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  server = await startTestServer({ config: { staticDir } });
});
afterAll(async () => {
  await server.close();
  fs.rmSync(staticDir, { recursive: true, force: true });
});

/** The headers that govern a document (docs/DECISIONS.md "Security headers on documents, not on every file"). */
const DOCUMENT_ONLY = [
  'content-security-policy',
  'x-frame-options',
  'cross-origin-opener-policy',
  'origin-agent-cluster',
  'strict-transport-security',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-permitted-cross-domain-policies',
  'x-xss-protection',
];

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

  it('browsers keep to HTTPS for a year, subdomains included, once they have seen the site (a page or an API answer)', async () => {
    for (const url of [`/api${ApiPath.brand.get}`, '/multisig']) {
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

  it('the console page, at its root and at a deep link, carries every document header', async () => {
    for (const url of ['/', '/multisig', '/multisig/4/show']) {
      const res = await server.app.inject({ method: 'GET', url });
      expect(res.headers['content-type'], url).toContain('text/html');
      for (const header of [...DOCUMENT_ONLY, 'x-content-type-options', 'referrer-policy'])
        expect(res.headers[header], `${url} ${header}`).toBeDefined();
      expect(res.headers['x-frame-options'], url).toBe('DENY');
    }
  });

  it('a hashed chunk or stylesheet is not sniffed, not loaded by other sites, and carries no document header', async () => {
    for (const url of ['/assets/index-abc123.js', '/assets/index-abc123.css', '/locales/en-US/api.json?v=1']) {
      const res = await server.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control'], url).toContain('immutable');
      expect(res.headers['x-content-type-options'], url).toBe('nosniff');
      expect(res.headers['cross-origin-resource-policy'], url).toBe('same-origin');
      expect(res.headers['referrer-policy'], url).toBe('same-origin');
      for (const header of DOCUMENT_ONLY) expect(res.headers[header], `${url} ${header}`).toBeUndefined();
    }
  });

  it('a file that can be opened as a page (an SVG, an unversioned translation) keeps the document headers', async () => {
    for (const url of ['/assets/logo-abc123.svg', '/locales/en-US/api.json', '/brand/favicon.svg']) {
      const res = await server.app.inject({ method: 'GET', url });
      expect(res.headers['x-content-type-options'], url).toBe('nosniff');
      expect(res.headers['x-frame-options'], url).toBe('DENY');
      expect(res.headers['content-security-policy'], url).toContain("frame-ancestors 'none'");
    }
  });
});

// Each guess is a full scrypt run (server/credentials/password.ts, ~0.1 s of CPU quiet) and the second test builds a
// server of its own: 21 of them on a loaded 2-core machine outlast the suite's 60 s default, so the bound is the work's.
const GUESSES_TIMEOUT_MS = 240_000;

describe('the client address behind rate limits', () => {
  it(
    'is the connection’s by default: a made-up X-Forwarded-For does not buy more password guesses',
    async () => {
      const answers = [];
      for (let i = 0; i < 21; i++) answers.push((await guessFrom(`203.0.113.${i}`)).json<{ code: number }>().code);
      expect(answers.filter((code) => code === 401)).toHaveLength(20);
      expect(answers.at(-1)).toBe(429);
    },
    GUESSES_TIMEOUT_MS,
  );

  it(
    'follows X-Forwarded-For only from proxies named in TRUST_PROXY',
    async () => {
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
    },
    GUESSES_TIMEOUT_MS,
  );
});
