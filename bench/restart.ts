import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '../tests/support/freePort';

/**
 * How long a restart takes to be ready (docs/SCALING.md "Restart"): `npm start` (plain node on the
 * compiled server, build/launch.mjs) on a PGlite folder that already holds the demo, and on
 * PostgreSQL when BENCH_DATABASE_URL names one, against a bare Fastify server started with plain
 * node (one route) in the same run. Also the API through tsx as before the compiled start, and the
 * console's build check when nothing changed. Each figure is a median of a few starts, printed as a
 * ratio to the bare start; the CPU seconds to ready of the node starts are printed beside them.
 */
const ROOT = path.resolve(import.meta.dirname, '..');
const TSX = path.join(ROOT, 'node_modules/.bin/tsx');
const NODE = process.execPath;
const RUNS = 3;
const LAUNCH = ['build/launch.mjs'];

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

// The kernel's clock ticks per second, in which /proc/<pid>/stat counts CPU time.
const TICKS_PER_SECOND = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;

/**
 * The CPU seconds (user + system, every thread) the process has spent so far: what load changes least,
 * as a figure beside the wall clock (BENCHMARKS.md "Restart to ready"). Fields 14 and 15 of /proc/<pid>/stat.
 */
function cpuSecondsOf(pid: number): number {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND;
}

interface ReadyTime {
  ms: number;
  /** CPU seconds of the spawned process up to its ready answer (its own only: a child it starts is not counted). */
  cpuS: number;
}

/** Milliseconds from spawn to a 200 on the ready path, and the CPU spent by then; then the process is stopped. */
async function timeToReady(command: string, args: string[], env: Record<string, string>): Promise<ReadyTime> {
  const port = await freePort();
  const started = performance.now();
  // An empty value unsets a variable (DATABASE_URL for the PGlite starts of a run on PostgreSQL).
  const full = Object.fromEntries(
    Object.entries({ ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn' }).filter(([, value]) => value),
  );
  const child = spawn(command, args, {
    cwd: ROOT,
    env: full,
    stdio: 'ignore',
  });
  try {
    await untilReady(`http://127.0.0.1:${port}/api/health/ready`, child);
    const ms = performance.now() - started;
    return { ms, cpuS: cpuSecondsOf(child.pid!) };
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
const medianMs = (times: ReadyTime[]) => median(times.map((time) => time.ms));
const medianCpu = (times: ReadyTime[]) => median(times.map((time) => time.cpuS));

export interface RestartFigures {
  /** Bare Fastify, plain node. */
  bareMs: number;
  /** `npm start` again on the PGlite folder (compiled server, plain node). */
  startRestartMs: number;
  /** The same on PostgreSQL (BENCH_DATABASE_URL), or null. */
  postgresRestartMs: number | null;
  /** CPU seconds (user + system) to ready: the bare start, `npm start` on PGlite, on PostgreSQL (or null). */
  bareCpuS: number;
  startCpuS: number;
  postgresCpuS: number | null;
  /** server/main.ts through tsx on the same folder (the start before the compiled one). */
  tsxRestartMs: number;
  buildCheckMs: number | null;
}

export async function measureRestart(): Promise<RestartFigures> {
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'custody-bench-restart-'));
  // Beside the project, so that `fastify` resolves from its node_modules.
  const bareFile = path.join(ROOT, 'bench', `.bare-${process.pid}.mjs`);
  fs.writeFileSync(bareFile, BARE);
  const postgresUrl = process.env.BENCH_DATABASE_URL;
  try {
    const env = { DATA_DIR: scratch, SEED: 'demo', DEPOSIT_WATCH_MS: '0', DATABASE_URL: '' };
    const postgresEnv = { ...env, DATA_DIR: path.join(scratch, 'pg'), DATABASE_URL: postgresUrl ?? '' };
    // The first start compiles when needed, migrates and seeds; the restarts after it are what is measured.
    await timeToReady(NODE, LAUNCH, env);
    if (postgresUrl) await timeToReady(NODE, LAUNCH, postgresEnv);
    const bare: ReadyTime[] = [];
    const start: ReadyTime[] = [];
    const postgres: ReadyTime[] = [];
    const tsx: ReadyTime[] = [];
    for (let i = 0; i < RUNS; i += 1) {
      bare.push(await timeToReady(NODE, [bareFile], {}));
      start.push(await timeToReady(NODE, LAUNCH, env));
      if (postgresUrl) postgres.push(await timeToReady(NODE, LAUNCH, postgresEnv));
      tsx.push(await timeToReady(TSX, ['server/main.ts'], env));
    }
    // The build check only when a build exists to compare with (dist/ from `npm run build`).
    const buildCheck: number[] = [];
    if (fs.existsSync(path.join(ROOT, 'dist', 'index.html'))) {
      for (let i = 0; i < RUNS; i += 1) buildCheck.push(await timeToExit(['build/buildIfChanged.ts']));
    }
    return {
      bareMs: medianMs(bare),
      startRestartMs: medianMs(start),
      postgresRestartMs: postgres.length ? medianMs(postgres) : null,
      bareCpuS: medianCpu(bare),
      startCpuS: medianCpu(start),
      postgresCpuS: postgres.length ? medianCpu(postgres) : null,
      tsxRestartMs: medianMs(tsx),
      buildCheckMs: buildCheck.length ? median(buildCheck) : null,
    };
  } finally {
    fs.rmSync(bareFile, { force: true });
    fs.rmSync(scratch, { recursive: true, force: true });
  }
}

export function restartReport(figures: RestartFigures): string[] {
  const ratio = (ms: number) =>
    `${(ms / figures.bareMs).toFixed(2)} (${(ms / 1000).toFixed(2)} s; bare ${(figures.bareMs / 1000).toFixed(2)} s)`;
  return [
    `npm start again on a PGlite folder with the demo, to ready / bare Fastify start (plain node): ${ratio(figures.startRestartMs)}`,
    figures.postgresRestartMs === null
      ? 'npm start again on PostgreSQL: not measured (set BENCH_DATABASE_URL)'
      : `npm start again on PostgreSQL with the demo, to ready / bare Fastify start (plain node): ${ratio(figures.postgresRestartMs)}`,
    `CPU to ready (user + system, median): bare ${figures.bareCpuS.toFixed(2)} s, npm start on PGlite ${figures.startCpuS.toFixed(2)} s` +
      (figures.postgresCpuS === null ? '' : `, on PostgreSQL ${figures.postgresCpuS.toFixed(2)} s`),
    `server/main.ts through tsx on the same folder / bare Fastify start (plain node): ${ratio(figures.tsxRestartMs)}`,
    figures.buildCheckMs === null
      ? 'npm start build check: not measured (no dist/; run npm run build first)'
      : `npm start build check, nothing changed / bare Fastify start: ${(figures.buildCheckMs / figures.bareMs).toFixed(2)}`,
  ];
}
