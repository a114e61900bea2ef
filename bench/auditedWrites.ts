import http from 'node:http';
import { request, startBenchServers, type BenchServers } from './apiThroughput';
import { demoEvmAddress } from '../server/db/seed/wallets';

/**
 * Audited writes per second (POST /api/sys/address-book/save: authentication, validation, the
 * write's transaction with its audit event, the answer read back) against plain INSERTs of the
 * same rows through a bare route of the same process, at 1, 4 and 16 clients (issue 35 item 1;
 * docs/DECISIONS.md "The audit chain sealed after commit"). BENCH_DATABASE_URL runs it on
 * PostgreSQL, else on an in-memory PGlite.
 */
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
export const WRITE_CLIENTS = [1, 4, 16] as const;
let counter = 0;
const run = `${process.pid}-${Date.now()}`;

async function writeLoad(port: number, urlPath: string, headers: Record<string, string>, clients: number): Promise<number> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: clients });
  const until = Date.now() + SECONDS * 1000;
  let done = 0;
  const worker = async () => {
    while (Date.now() < until) {
      const body = JSON.stringify({ chainId: 1, address: demoEvmAddress(`bench ${run} ${counter++}`), label: 'Bench' });
      const res = await request(agent, port, urlPath, { ...headers, 'content-type': 'application/json' }, body);
      if (res.status !== 200 || !res.body.includes('"code":200'))
        throw new Error(`unexpected answer: ${res.status} ${res.body.slice(0, 200)}`);
      done++;
    }
  };
  await Promise.all(Array.from({ length: clients }, worker));
  agent.destroy();
  return done / SECONDS;
}

export interface AuditedWritesFigure {
  clients: number;
  audited: number;
  plain: number;
  ratio: number;
}

export async function auditedWriteRatios(servers: BenchServers): Promise<AuditedWritesFigure[]> {
  const auth = await servers.signIn('merchantProManager');
  const audited = (clients: number) => writeLoad(servers.api, '/api/sys/address-book/save', auth, clients);
  const plain = (clients: number) => writeLoad(servers.api, '/bench/plain-insert/address-book', {}, clients);
  // Warmed up first: JIT and the database's caches count against neither.
  await plain(4);
  await audited(4);
  const figures: AuditedWritesFigure[] = [];
  for (const clients of WRITE_CLIENTS) {
    const plainRate = await plain(clients);
    const auditedRate = await audited(clients);
    figures.push({ clients, audited: auditedRate, plain: plainRate, ratio: auditedRate / plainRate });
  }
  return figures;
}

export async function measureAuditedWrites(): Promise<AuditedWritesFigure[]> {
  const servers = await startBenchServers();
  try {
    return await auditedWriteRatios(servers);
  } finally {
    servers.stop();
  }
}

export const auditedWritesReport = (figures: AuditedWritesFigure[], database: string) =>
  figures.map(
    (f) =>
      `audited writes (${database}), ${String(f.clients).padStart(2)} clients: ${f.audited.toFixed(0)} /s ÷ plain INSERTs ${f.plain.toFixed(0)} /s = ${f.ratio.toFixed(3)}`,
  );

if (import.meta.url === `file://${process.argv[1]}`) {
  for (const line of auditedWritesReport(await measureAuditedWrites(), process.env.BENCH_DATABASE_URL ? 'PostgreSQL' : 'PGlite'))
    console.log(line);
}
