import { spawn, type ChildProcess } from 'node:child_process';
import http from 'node:http';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { REQUEST_PATH_CASES } from './requestPathCases';

/**
 * Requests per second of an authenticated GET /api/sys/chain/list against a bare
 * Fastify route answering a constant envelope, measured in the same run: the ratio
 * says what our stack (auth lookup, validation, SQL) costs, whatever the machine.
 */
const root = path.resolve(import.meta.dirname, '..');
const CONNECTIONS = 16;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
export const CHAIN_LIST = '/api/sys/chain/list?page=1&pageSize=20';

export function request(agent: http.Agent, port: number, urlPath: string, headers: Record<string, string> = {}, body?: string) {
  return new Promise<{ status: number; body: string; headers: http.IncomingHttpHeaders }>((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, path: urlPath, method: body ? 'POST' : 'GET', agent, headers }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk) => (text += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text, headers: res.headers }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

/** Requests per second `CONNECTIONS` clients get from `urlPath`, each answer checked. */
export async function load(
  port: number,
  headers: Record<string, string>,
  urlPath = CHAIN_LIST,
  connections = CONNECTIONS,
): Promise<number> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  const until = Date.now() + SECONDS * 1000;
  let done = 0;
  const worker = async () => {
    while (Date.now() < until) {
      const res = await request(agent, port, urlPath, headers);
      if (res.status !== 200 || !res.body.includes('"code":200'))
        throw new Error(`unexpected answer: ${res.status} ${res.body.slice(0, 200)}`);
      done++;
    }
  };
  await Promise.all(Array.from({ length: connections }, worker));
  agent.destroy();
  return done / SECONDS;
}

export interface BenchServers {
  api: number;
  bare: number;
  /** The bare Fastify server running the statements the API ran for each request-path case (bench/requestPathReference.ts). */
  reference: number;
  pid: number;
  child: ChildProcess;
  /** A bearer header of a demo account. */
  signIn(account: string): Promise<Record<string, string>>;
  stop(): void;
}

/** The API (on the database `env` names, else in-memory demo data) and the bare route, in a child process. */
export async function startBenchServers(env: Record<string, string> = {}): Promise<BenchServers> {
  // BENCH_CPU_PROF=<dir>: the servers' CPU profile (node --cpu-prof), written there when they stop.
  const profile = process.env.BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : [];
  const child = spawn(process.execPath, [...profile, '--import', 'tsx', 'bench/apiServers.ts'], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'inherit'],
    env: { ...process.env, ...env },
  });
  const firstLine = await new Promise<string>((resolve, reject) => {
    createInterface({ input: child.stdout! }).once('line', resolve);
    child.once('exit', (code) => reject(new Error(`bench servers exited with ${code}`)));
  });
  const ports = JSON.parse(firstLine) as { api: number; bare: number; reference: number; pid: number };
  return {
    ...ports,
    child,
    async signIn(account) {
      const agent = new http.Agent({ keepAlive: false });
      const login = await request(
        agent,
        ports.api,
        '/api/sys/auth/login',
        { 'content-type': 'application/json' },
        JSON.stringify({ account, password: 'Demo@12345' }),
      );
      const token = (JSON.parse(login.body) as { data: { token: string } }).data.token;
      return { authorization: `Bearer ${token}` };
    },
    stop: () => void child.kill('SIGTERM'),
  };
}

/** The chain list against the bare route; both warmed up first so JIT and database caches count against neither. */
export async function chainListRatio(
  servers: BenchServers,
  auth: Record<string, string>,
): Promise<{ apiRps: number; bareRps: number; ratio: number }> {
  await load(servers.bare, {});
  await load(servers.api, auth);
  const bareRps = await load(servers.bare, {});
  const apiRps = await load(servers.api, auth);
  return { apiRps, bareRps, ratio: apiRps / bareRps };
}

export interface RequestPathFigure {
  name: string;
  apiRps: number;
  referenceRps: number;
  ratio: number;
}

/**
 * Issue 35's request path: each case's req/s against the bare Fastify route running the same
 * statements on the same database, warmed up and measured side by side (API, reference, reference, API:
 * a machine that slows down meanwhile weighs on both).
 */
export async function requestPathRatios(servers: BenchServers, auth: Record<string, string>): Promise<RequestPathFigure[]> {
  const figures: RequestPathFigure[] = [];
  for (const { name, url } of REQUEST_PATH_CASES) {
    const referenceUrl = url.split('?')[0];
    await load(servers.api, auth, url);
    await load(servers.reference, {}, referenceUrl);
    const api1 = await load(servers.api, auth, url);
    const ref1 = await load(servers.reference, {}, referenceUrl);
    const ref2 = await load(servers.reference, {}, referenceUrl);
    const api2 = await load(servers.api, auth, url);
    const apiRps = (api1 + api2) / 2;
    const referenceRps = (ref1 + ref2) / 2;
    figures.push({ name, apiRps, referenceRps, ratio: apiRps / referenceRps });
  }
  return figures;
}

export const requestPathReport = (database: string, figures: RequestPathFigure[]) =>
  figures.map(
    (f) =>
      `${f.name} (${database}): ${f.apiRps.toFixed(0)} req/s; bare Fastify + the same SQL ${f.referenceRps.toFixed(0)} req/s: ratio ${f.ratio.toFixed(2)} (target ≥ 0.8)`,
  );

/** The request-path case alone, on the database the environment names (BENCH_DATABASE_URL, else in-memory PGlite). */
export async function measureRequestPath(): Promise<string[]> {
  const servers = await startBenchServers();
  try {
    const figures = await requestPathRatios(servers, await servers.signIn('superAdmin'));
    return requestPathReport(process.env.BENCH_DATABASE_URL ? 'PostgreSQL' : 'PGlite', figures);
  } finally {
    servers.stop();
    await new Promise((resolve) => servers.child.once('exit', resolve));
  }
}

export async function measureApiThroughput(): Promise<{ apiRps: number; bareRps: number; ratio: number }> {
  const servers = await startBenchServers();
  try {
    return await chainListRatio(servers, await servers.signIn('superAdmin'));
  } finally {
    servers.stop();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { apiRps, bareRps, ratio } = await measureApiThroughput();
  console.log(`GET /api/sys/chain/list (authenticated): ${apiRps.toFixed(0)} req/s`);
  console.log(`bare Fastify constant envelope:         ${bareRps.toFixed(0)} req/s`);
  console.log(`ratio api / bare:                        ${ratio.toFixed(3)}`);
}
