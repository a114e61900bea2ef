import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import fastifyStatic from '@fastify/static';
import react from '@vitejs/plugin-react';
import { build } from 'vite';
import type { Browser } from 'playwright-core';
import { precompressPlugin } from '../build/precompress';
import { DEMO_PASSWORD } from '../server/db/seed/demoData';
import { StorageKey } from '../src/contract/constants';
import { launchBrowser } from '../tests/e2e/harness';
import { startServer } from '../tests/e2e/serverProcess';

/**
 * /multisig opened directly, signed in (a stored token), until its first proposal row shows,
 * against a bare react-admin app (bench/bareAdmin: one list, Vite's defaults, a bare Fastify
 * serving its build precompressed, as ours is) until its first row shows, alternately in the
 * same browser, each load in a fresh context (nothing cached). Also how many files and calls
 * each made before that row (docs/SCALING.md "The first load").
 */
const ROOT = path.resolve(import.meta.dirname, '..');
const RUNS = Number(process.env.BENCH_PAGE_RUNS ?? 7);
const BARE_ROWS = 10;

export interface PageLoad {
  ms: number;
  files: number;
  calls: number;
  headerBytes: number;
}
export interface PageLoadFigures {
  multisig: PageLoad;
  bare: PageLoad;
}

/** Builds bench/bareAdmin into a temporary folder and serves it with one JSON route; answers its URL and a stop. */
async function startBareAdmin(): Promise<{ url: string; stop: () => Promise<void> }> {
  const outDir = fs.mkdtempSync(path.join(os.tmpdir(), 'custody-bench-bare-'));
  await build({
    configFile: false,
    logLevel: 'warn',
    root: path.join(ROOT, 'bench/bareAdmin'),
    plugins: [react(), precompressPlugin()],
    resolve: { alias: { 'cross-fetch': path.join(ROOT, 'build/browserFetch.ts') } },
    build: { outDir, emptyOutDir: true, chunkSizeWarningLimit: 4096 },
  });
  const app = Fastify();
  await app.register(fastifyStatic, { root: outDir, preCompressed: true, wildcard: false, index: false });
  const rows = Array.from({ length: BARE_ROWS }, (_, i) => ({ id: i + 1, name: `Item ${i + 1}` }));
  app.get('/api/items', async () => rows);
  app.setNotFoundHandler((_request, reply) => reply.type('text/html').send(fs.createReadStream(path.join(outDir, 'index.html'))));
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}/items`,
    stop: async () => {
      await app.close();
      fs.rmSync(outDir, { recursive: true, force: true });
    },
  };
}

/** One cold load of `url` until `selector` is in the page; `storage` is written before any script runs. */
async function loadOnce(browser: Browser, url: string, selector: string, storage: Record<string, string>): Promise<PageLoad> {
  const context = await browser.newContext();
  try {
    // As text: tsx would wrap a function's inner functions in a helper the page does not have.
    await context.addInitScript({
      content: `
        for (const [key, value] of Object.entries(${JSON.stringify(storage)})) localStorage.setItem(key, value);
        // The moment the first row is in the document, taken by the page itself (no polling delay).
        new MutationObserver((records, observer) => {
          if (!document.querySelector(${JSON.stringify(selector)})) return;
          window.firstRowAt = performance.now();
          observer.disconnect();
        }).observe(document, { childList: true, subtree: true });`,
    });
    const page = await context.newPage();
    const headerBytes: number[] = [];
    page.on('response', (response) => {
      void response.headersArray().then(
        (headers) => headerBytes.push(headers.reduce((sum, h) => sum + h.name.length + h.value.length + 4, 0)),
        () => undefined,
      );
    });
    await page.goto(url);
    await page.waitForFunction(() => (window as unknown as { firstRowAt?: number }).firstRowAt !== undefined, undefined, {
      timeout: 120_000,
    });
    const figures = await page.evaluate(() => {
      const at = (window as unknown as { firstRowAt: number }).firstRowAt;
      const before = performance.getEntriesByType('resource').filter((e) => e.startTime < at) as PerformanceResourceTiming[];
      return {
        ms: at,
        files: before.filter((e) => /\.(js|css)(\?|$)/.test(new URL(e.name).pathname)).length,
        calls: before.filter((e) => new URL(e.name).pathname.startsWith('/api/')).length,
      };
    });
    return { ...figures, headerBytes: headerBytes.reduce((a, b) => a + b, 0) };
  } finally {
    await context.close();
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const medianLoad = (loads: PageLoad[]): PageLoad => ({
  ms: median(loads.map((l) => l.ms)),
  files: median(loads.map((l) => l.files)),
  calls: median(loads.map((l) => l.calls)),
  headerBytes: median(loads.map((l) => l.headerBytes)),
});

export async function measurePageLoad(): Promise<PageLoadFigures> {
  // BENCH_DATA_TEMPLATE: a data folder that already holds the demo (copied, not changed), to skip the seed on a busy machine.
  const server = await startServer({ LOG_LEVEL: 'warn', DEPOSIT_WATCH_MS: '0' }, process.env.BENCH_DATA_TEMPLATE);
  const bare = await startBareAdmin();
  const browser = await launchBrowser();
  try {
    const login = await fetch(`${server.baseUrl}/api/sys/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ account: 'merchantProManager', password: DEMO_PASSWORD }),
    });
    const token = ((await login.json()) as { data: { token: string } }).data.token;
    const get = async <T>(urlPath: string) =>
      ((await (await fetch(`${server.baseUrl}/api${urlPath}`, { headers: { authorization: `Bearer ${token}` } })).json()) as { data: T })
        .data;
    // The chain whose queue has rows, remembered as the app bar's chain (as a returning user has it).
    const open = await get<{ list: Array<{ chainId: number }> }>('/sys/sign/list?state=open&pageSize=1');
    const chains = await get<{ list: Array<{ chainId: number; name: string; isDefault: boolean }> }>('/sys/chain/list?pageSize=500');
    const chain = chains.list.find((c) => c.chainId === open.list[0]?.chainId);
    if (!chain) throw new Error('the demo has no open proposal to show on /multisig');
    const storage = { [StorageKey.token]: token, [StorageKey.lastChain]: JSON.stringify(chain) };
    const ours: PageLoad[] = [];
    const theirs: PageLoad[] = [];
    // One warm-up each (the browser's own start-up), then alternately.
    await loadOnce(browser, bare.url, '.RaDatagrid-row', {});
    await loadOnce(browser, `${server.baseUrl}/multisig`, '[data-testid^="proposal-"]', storage);
    for (let i = 0; i < RUNS; i += 1) {
      theirs.push(await loadOnce(browser, bare.url, '.RaDatagrid-row', {}));
      ours.push(await loadOnce(browser, `${server.baseUrl}/multisig`, '[data-testid^="proposal-"]', storage));
    }
    return { multisig: medianLoad(ours), bare: medianLoad(theirs) };
  } finally {
    await browser.close();
    await bare.stop();
    await server.stop();
  }
}

export function pageLoadReport({ multisig, bare }: PageLoadFigures): string[] {
  const line = (name: string, l: PageLoad) =>
    `${name}: first row at ${l.ms.toFixed(0)} ms, ${l.files} JS/CSS files and ${l.calls} API calls before it, ${(l.headerBytes / 1024).toFixed(1)} KB of response headers`;
  return [
    line('/multisig opened directly (signed in, cold cache)', multisig),
    line('bare react-admin list (cold cache)', bare),
    `/multisig first row / bare react-admin list first row: ${(multisig.ms / bare.ms).toFixed(2)} (target ≤ 1.2)`,
  ];
}

if (import.meta.url === `file://${process.argv[1]}`) {
  for (const line of pageLoadReport(await measurePageLoad())) console.log(line);
}
