import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './harness';
import { precompressFolder } from '../../build/precompress';
import { ApiPath } from '../../src/contract/apiPaths';

/**
 * Served compressed and cached (docs/DECISIONS.md "Compression and caching"): the console's
 * files as the build precompressed them, hashed ones cached for good; API answers above 1 KB
 * compressed on the fly.
 */
let server: TestServer;
let token: string;
const staticDir = fs.mkdtempSync(path.join(os.tmpdir(), 'custody-static-'));
const script = `export const screens = ${JSON.stringify(Array.from({ length: 400 }, (_, n) => `screen number ${n}`))};\n`;

beforeAll(async () => {
  fs.mkdirSync(path.join(staticDir, 'assets'));
  fs.writeFileSync(path.join(staticDir, 'index.html'), '<!doctype html><title>Custodia</title><div id="root"></div>');
  fs.writeFileSync(path.join(staticDir, 'assets', 'index-abc123.js'), script);
  fs.writeFileSync(path.join(staticDir, 'assets', 'tiny-def456.js'), 'export {};\n');
  precompressFolder(staticDir);
  server = await startTestServer({ config: { staticDir } });
  token = await server.login('superAdmin');
});
afterAll(async () => {
  await server?.close();
  fs.rmSync(staticDir, { recursive: true, force: true });
});

const get = (url: string, headers: Record<string, string> = {}) => server.app.inject({ method: 'GET', url, headers });

describe('compression and caching', () => {
  it('the build writes brotli and gzip copies of what compresses, and leaves tiny files alone', () => {
    expect(fs.existsSync(path.join(staticDir, 'assets', 'index-abc123.js.br'))).toBe(true);
    expect(fs.existsSync(path.join(staticDir, 'assets', 'index-abc123.js.gz'))).toBe(true);
    expect(fs.existsSync(path.join(staticDir, 'assets', 'tiny-def456.js.br'))).toBe(false);
  });

  it('a browser that takes brotli gets the brotli copy; gzip the gzip one; anything else the file', async () => {
    const br = await get('/assets/index-abc123.js', { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(script);
    expect(br.rawPayload.length).toBeLessThan(script.length / 3);
    const gz = await get('/assets/index-abc123.js', { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(script);
    const plain = await get('/assets/index-abc123.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);
  });

  it('hashed files are cached for good; the page that names them is revalidated', async () => {
    expect((await get('/assets/index-abc123.js', { 'accept-encoding': 'br' })).headers['cache-control']).toBe(
      'public, max-age=31536000, immutable',
    );
    const page = await get('/payment-report', { 'accept-encoding': 'br' });
    expect(page.headers['content-type']).toMatch(/text\/html/);
    expect(page.headers['cache-control']).toBe('no-cache');
  });

  it('an API answer above 1 KB is compressed for a client that takes it; a small one is not', async () => {
    const headers = { authorization: `Bearer ${token}`, 'accept-encoding': 'gzip' };
    const list = await get(`/api${ApiPath.report.payment.list}?pageSize=50`, headers);
    expect(list.headers['content-encoding']).toBe('gzip');
    const envelope = JSON.parse(gunzipSync(list.rawPayload).toString()) as { code: number; data: { list: unknown[] } };
    expect(envelope.code).toBe(200);
    expect(envelope.data.list).toHaveLength(50);
    const small = await get(`/api${ApiPath.auth.me}`, headers);
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.json<{ code: number }>().code).toBe(200);
  });

  it('a streamed export is compressed on the fly and arrives whole', async () => {
    const headers = { authorization: `Bearer ${token}`, 'accept-encoding': 'br' };
    const exported = await get(`/api${ApiPath.report.payment.export}`, headers);
    expect(exported.headers['content-encoding']).toBe('br');
    const text = brotliDecompressSync(exported.rawPayload).toString();
    const count = (await server.call<{ count: number }>('GET', ApiPath.report.payment.list, { token, query: { pageSize: 1 } })).data.count;
    expect(text.trimEnd().split('\r\n')).toHaveLength(count + 1);
  });
});
