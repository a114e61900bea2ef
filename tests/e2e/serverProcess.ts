import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '../support/freePort';
import { ApiPath } from '../../src/contract/apiPaths';

/**
 * The real server process (server/main.ts, as `npm start` runs it) for the e2e tests, on a data
 * directory of its own. Kept apart from the Vitest hooks in harness.ts: the e2e project's global
 * setup (globalSetup.ts) starts one too, outside any test file.
 */
export interface RunningServer {
  baseUrl: string;
  /** Its DATA_DIR (the devnets' keys are in `devnet/keys.json` there). */
  dataDir: string;
  /** Ends the process (SIGTERM: it drains and closes its database) and removes its data directory. */
  stop(): Promise<void>;
  /** Ends the process the same way and keeps its data directory, which it returns. */
  stopKeepingData(): Promise<string>;
}

const root = path.resolve(import.meta.dirname, '../..');
const START_TIMEOUT_MS = 120_000;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * What a server that did not come up was doing: Node writes a diagnostic report on SIGUSR2
 * (`--report-on-signal`) from its main thread, with the JavaScript stack and the open handles
 * (a listening socket among them or not). No report means the main thread itself is stuck.
 */
async function diagnose(child: ChildProcess, dataDir: string): Promise<string> {
  child.kill('SIGUSR2');
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null)
      return `ended (${child.exitCode ?? child.signalCode}) before writing a diagnostic report`;
    const file = fs.readdirSync(dataDir).find((name) => name.startsWith('report.') && name.endsWith('.json'));
    if (file) {
      try {
        const report = JSON.parse(fs.readFileSync(path.join(dataDir, file), 'utf8')) as {
          javascriptStack?: { message?: string; stack?: string[] };
          libuv?: Array<{ type: string; is_active?: boolean; localEndpoint?: unknown; remoteEndpoint?: unknown }>;
          workers?: unknown[];
        };
        const handles = (report.libuv ?? [])
          .filter((h) => h.is_active)
          .map(
            (h) =>
              `${h.type}${h.localEndpoint ? ` ${JSON.stringify(h.localEndpoint)}` : ''}${h.remoteEndpoint ? ` -> ${JSON.stringify(h.remoteEndpoint)}` : ''}`,
          );
        return [
          `diagnostic report: ${report.javascriptStack?.message ?? ''}`,
          ...(report.javascriptStack?.stack ?? []).slice(0, 12),
          `active handles: ${handles.join('; ')}`,
          `workers: ${report.workers?.length ?? 0}`,
        ].join('\n');
      } catch {
        // still being written
      }
    }
    await sleep(200);
  }
  return 'no diagnostic report within 10 s: the main thread is blocked (not waiting on I/O)';
}

async function waitUntilServing(baseUrl: string, child: ChildProcess, dataDir: string, output: () => string): Promise<void> {
  const deadline = Date.now() + START_TIMEOUT_MS;
  let last = 'no answer yet';
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}:\n${output()}`);
    try {
      const response = await fetch(`${baseUrl}/api${ApiPath.brand.get}`, { signal: AbortSignal.timeout(10_000) });
      if (response.ok) return;
      last = `answered ${response.status}`;
    } catch (error) {
      last = String((error as { cause?: { code?: string } }).cause?.code ?? error);
    }
    await sleep(200);
  }
  throw new Error(
    `server did not start within ${START_TIMEOUT_MS / 1000} s (last poll: ${last}):\n${output()}\n${await diagnose(child, dataDir)}`,
  );
}

/**
 * Starts the server on a fresh data directory: a copy of `template` when given (a database the
 * global setup migrated and seeded once, so each file does not run initdb, 27 migrations and
 * the seed again), otherwise an empty one it initialises itself. Logs at info until it serves,
 * so a start that fails shows how far it got; a start that fails ends the process.
 */
export async function startServer(extraEnv: Record<string, string> = {}, template?: string): Promise<RunningServer> {
  if (!fs.existsSync(path.join(root, 'dist', 'index.html'))) throw new Error('dist/ is missing: run `vite build` before the e2e tests');
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'custody-e2e-'));
  if (template) fs.cpSync(template, dataDir, { recursive: true });
  let log = '';
  let collecting = true;
  const child = spawn(
    process.execPath,
    ['--report-on-signal', '--report-signal=SIGUSR2', `--report-directory=${dataDir}`, '--import', 'tsx', 'server/main.ts'],
    {
      cwd: root,
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        DATABASE_URL: '',
        SEED: 'demo',
        LOG_LEVEL: 'info',
        ...extraEnv,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  // Read to the end (a full pipe would stall the server); kept only until it serves.
  const collect = (chunk: Buffer) => {
    if (collecting) log += chunk;
  };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const end = async (signal: NodeJS.Signals) => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill(signal);
      await exited;
    }
  };
  const baseUrl = `http://127.0.0.1:${port}`;
  try {
    await waitUntilServing(baseUrl, child, dataDir, () => log);
  } catch (error) {
    await end('SIGKILL');
    fs.rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
  collecting = false;
  log = '';
  return {
    baseUrl,
    dataDir,
    async stop() {
      await end('SIGTERM');
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
    async stopKeepingData() {
      await end('SIGTERM');
      return dataDir;
    },
  };
}
