import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './harness';

// A build of the two entries (docs/payments.md "The checkout pages"): the console's index.html and the payer's checkout.html.
const staticDir = fs.mkdtempSync(path.join(os.tmpdir(), 'custody-checkout-pages-'));
let server: TestServer;
beforeAll(async () => {
  fs.writeFileSync(path.join(staticDir, 'index.html'), '<!doctype html><title>Console</title>');
  fs.writeFileSync(path.join(staticDir, 'checkout.html'), '<!doctype html><title>Checkout</title>');
  server = await startTestServer({ config: { staticDir } });
});
afterAll(async () => {
  await server.close();
  fs.rmSync(staticDir, { recursive: true, force: true });
});

describe("the payer's pages", () => {
  it('/pay/<code> and /checkout/<code> get checkout.html, under the console’s Content-Security-Policy', async () => {
    for (const url of ['/pay/abc123', '/checkout/Zx_9-k?lng=zh-CN', '/checkout/abc/']) {
      const res = await server.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toContain('<title>Checkout</title>');
      expect(res.headers['content-security-policy'], url).toContain("script-src 'self'");
      expect(res.headers['cache-control'], url).toBe('no-cache');
    }
  });

  it('every other page, /pay and /checkout themselves included, is the console', async () => {
    for (const url of ['/pay-link', '/pay', '/checkout', '/home', '/payment']) {
      const res = await server.app.inject({ method: 'GET', url });
      expect(res.body, url).toContain('<title>Console</title>');
    }
  });
});
