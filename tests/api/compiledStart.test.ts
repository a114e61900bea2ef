import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ApiPath } from '../../src/contract/apiPaths';
import { API_ENTRY, buildServer } from '../../build/serverBuild.mjs';
import { freePort } from '../support/freePort';

/**
 * `npm start` runs the server compiled into plain JavaScript (build/serverBuild.mjs; docs/DECISIONS.md
 * "Starting in seconds"): compiled here into a folder of the test's own, started by plain node on a new
 * PGlite folder, stopped, and started again on the same folder, which is the restart users wait for.
 */
const ROOT = path.resolve(import.meta.dirname, '../..');
const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'custody-compiled-start-'));
// Inside the checkout, as npm start's own, so that packages resolve from its node_modules.
const outDir = path.join(ROOT, `.server-build-test-${process.pid}`);
const children: ChildProcess[] = [];

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

afterAll(async () => {
  for (const child of children) await stop(child);
  fs.rmSync(scratch, { recursive: true, force: true });
  fs.rmSync(outDir, { recursive: true, force: true });
});

/** The devnet of `chainId` asked for its latest block through the server (POST /devnet/<chain id>). */
async function blockNumber(port: number, chainId: number): Promise<unknown> {
  const response = await fetch(`http://127.0.0.1:${port}/devnet/${chainId}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_blockNumber' }),
  });
  return response.json();
}

/** The compiled API started on the folder; resolves with the ready answer, polling until it comes (no fixed wait). */
async function startUntilReady(): Promise<{ child: ChildProcess; port: number; status: number; body: unknown }> {
  const port = await freePort();
  const env = Object.fromEntries(Object.entries(process.env).filter(([name]) => name !== 'DATABASE_URL' && name !== 'DATABASE_READ_URL'));
  const child = spawn(process.execPath, [path.join(outDir, API_ENTRY)], {
    cwd: ROOT,
    env: { ...env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: path.join(scratch, 'data'), LOG_LEVEL: 'warn', DEPOSIT_WATCH_MS: '0' },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  children.push(child);
  let stderr = '';
  child.stderr?.on('data', (chunk) => (stderr += String(chunk)));
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the compiled server exited with ${child.exitCode}: ${stderr}`);
    const answer = await fetch(`http://127.0.0.1:${port}/api${ApiPath.health.ready}`).then(
      async (response) => ({ status: response.status, body: (await response.json()) as unknown }),
      () => null,
    );
    if (answer?.status === 200) return { child, port, ...answer };
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('the compiled server (npm start)', () => {
  it('starts with plain node and answers ready, then again on the same data folder', { timeout: 600_000 }, async () => {
    await buildServer(ROOT, outDir);
    const first = await startUntilReady();
    expect(first.body).toMatchObject({ code: 200, data: { status: 'ready' } });
    const blocks = [await blockNumber(first.port, 1), await blockNumber(first.port, 56)];
    expect(blocks[0]).toMatchObject({ result: expect.stringMatching(/^0x[0-9a-f]+$/) });
    await stop(first.child);
    const again = await startUntilReady();
    expect(again.body).toMatchObject({ code: 200, data: { status: 'ready' } });
    // The devnets replay their journals after ready (docs/DECISIONS.md "Restart to ready"): asked at once,
    // each answers from its whole replayed chain, never "not started" nor a chain cut short.
    expect([await blockNumber(again.port, 1), await blockNumber(again.port, 56)]).toEqual(blocks);
    await stop(again.child);
  });
});
