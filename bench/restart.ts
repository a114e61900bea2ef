import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '../tests/support/freePort';

/**
 * How long a restart takes to be ready (docs/SCALING.md "Restart"): the API started by tsx on a
 * PGlite folder that already holds the demo (the second start of `npm start`), against a bare
 * Fastify server started the same way (tsx, one route) in the same run. Also `npm start`'s first
 * step, the console's build check, when nothing changed. Each figure is a median of a few starts,
 * printed as a ratio to the bare start.
 */
const ROOT = path.resolve(import.meta.dirname, '..');
const TSX = path.join(ROOT, 'node_modules/.bin/tsx');
const RUNS = 3;

const BARE = `import Fastify from 'fastify';
const app = Fastify();
app.get('/api/health/ready', async () => ({ code: 200 }));
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
`;

async function untilReady(url: string, child: ReturnType<typeof spawn>): Promise<void> {
  for (;;) {
    if (child.exitCode !== null) throw new Error(`exited with ${child.exitCode} before it was ready`);
    const ok = await fetch(url).then(
      (r) => r.status === 200,
      () => false,
    );
    if (ok) return;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/** Milliseconds from spawn to a 200 on the ready path, then the process is stopped. */
async function timeToReady(args: string[], env: Record<string, string>): Promise<number> {
  const port = await freePort();
  const started = performance.now();
  const child = spawn(TSX, args, {
    cwd: ROOT,
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn' },
    stdio: 'ignore',
  });
  try {
    await untilReady(`http://127.0.0.1:${port}/api/health/ready`, child);
    return performance.now() - started;
  } finally {
    child.kill('SIGTERM');
    await new Promise((resolve) => (child.exitCode !== null ? resolve(undefined) : child.once('exit', resolve)));
  }
}

async function timeToExit(args: string[]): Promise<number> {
  const started = performance.now();
  const child = spawn(TSX, args, { cwd: ROOT, stdio: 'ignore' });
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  if (code !== 0) throw new Error(`${args.join(' ')} exited with ${code}`);
  return performance.now() - started;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

export interface RestartFigures {
  bareMs: number;
  apiRestartMs: number;
  buildCheckMs: number | null;
}

export async function measureRestart(): Promise<RestartFigures> {
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'custody-bench-restart-'));
  const bareFile = path.join(ROOT, 'bench', `.bare-${process.pid}.ts`);
  fs.writeFileSync(bareFile, BARE);
  try {
    const env = { DATA_DIR: scratch, SEED: 'demo', DEPOSIT_WATCH_MS: '0' };
    // The first start migrates and seeds; the restarts after it are what is measured.
    await timeToReady(['server/main.ts'], env);
    const bare: number[] = [];
    const api: number[] = [];
    for (let i = 0; i < RUNS; i += 1) {
      bare.push(await timeToReady([bareFile], {}));
      api.push(await timeToReady(['server/main.ts'], env));
    }
    // The build check only when a build exists to compare with (dist/ from `npm run build`).
    const buildCheck: number[] = [];
    if (fs.existsSync(path.join(ROOT, 'dist', 'index.html'))) {
      for (let i = 0; i < RUNS; i += 1) buildCheck.push(await timeToExit(['build/buildIfChanged.ts']));
    }
    return { bareMs: median(bare), apiRestartMs: median(api), buildCheckMs: buildCheck.length ? median(buildCheck) : null };
  } finally {
    fs.rmSync(bareFile, { force: true });
    fs.rmSync(scratch, { recursive: true, force: true });
  }
}

export function restartReport(figures: RestartFigures): string[] {
  return [
    `restart to ready on a PGlite folder with the demo / bare Fastify start (both via tsx): ${(figures.apiRestartMs / figures.bareMs).toFixed(2)}`,
    figures.buildCheckMs === null
      ? 'npm start build check: not measured (no dist/; run npm run build first)'
      : `npm start build check, nothing changed / bare Fastify start: ${(figures.buildCheckMs / figures.bareMs).toFixed(2)}`,
  ];
}
