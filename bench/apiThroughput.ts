import { spawn } from 'node:child_process';
import http from 'node:http';
import path from 'node:path';
import { createInterface } from 'node:readline';

/**
 * Requests per second of an authenticated GET /api/sys/chain/list against a bare
 * Fastify route answering a constant envelope, measured in the same run: the ratio
 * says what our stack (auth lookup, validation, SQL on PGlite) costs, whatever the machine.
 */
const root = path.resolve(import.meta.dirname, '..');
const CONNECTIONS = 16;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);

function request(agent: http.Agent, port: number, urlPath: string, headers: Record<string, string> = {}, body?: string) {
  return new Promise<{ status: number; body: string }>((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, path: urlPath, method: body ? 'POST' : 'GET', agent, headers }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk) => (text += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

async function load(port: number, headers: Record<string, string>): Promise<number> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: CONNECTIONS });
  const until = Date.now() + SECONDS * 1000;
  let done = 0;
  const worker = async () => {
    while (Date.now() < until) {
      const res = await request(agent, port, '/api/sys/chain/list?page=1&pageSize=20', headers);
      if (res.status !== 200 || !res.body.includes('"code":200')) throw new Error(`unexpected answer: ${res.status} ${res.body.slice(0, 200)}`);
      done++;
    }
  };
  await Promise.all(Array.from({ length: CONNECTIONS }, worker));
  agent.destroy();
  return done / SECONDS;
}

export async function measureApiThroughput(): Promise<{ apiRps: number; bareRps: number; ratio: number }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'bench/apiServers.ts'], { cwd: root, stdio: ['ignore', 'pipe', 'inherit'] });
  try {
    const firstLine = await new Promise<string>((resolve, reject) => {
      createInterface({ input: child.stdout! }).once('line', resolve);
      child.once('exit', (code) => reject(new Error(`bench servers exited with ${code}`)));
    });
    const ports = JSON.parse(firstLine) as { api: number; bare: number };
    const agent = new http.Agent({ keepAlive: false });
    const login = await request(agent, ports.api, '/api/sys/auth/login', { 'content-type': 'application/json' }, JSON.stringify({ account: 'superAdmin', password: 'Demo@12345' }));
    const token = (JSON.parse(login.body) as { data: { token: string } }).data.token;
    // Warm both up so JIT and PGlite caches do not count against either.
    const auth = { authorization: `Bearer ${token}` };
    await load(ports.bare, {});
    await load(ports.api, auth);
    const bareRps = await load(ports.bare, {});
    const apiRps = await load(ports.api, auth);
    return { apiRps, bareRps, ratio: apiRps / bareRps };
  } finally {
    child.kill('SIGTERM');
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { apiRps, bareRps, ratio } = await measureApiThroughput();
  console.log(`GET /api/sys/chain/list (authenticated): ${apiRps.toFixed(0)} req/s`);
  console.log(`bare Fastify constant envelope:         ${bareRps.toFixed(0)} req/s`);
  console.log(`ratio api / bare:                        ${ratio.toFixed(3)}`);
}
