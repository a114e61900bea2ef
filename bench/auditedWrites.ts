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

/** `clients` writers for SECONDS, spread round-robin over the instances' ports; writes per second. */
async function writeLoad(ports: readonly number[], urlPath: string, headers: Record<string, string>, clients: number): Promise<number> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: clients });
  const until = Date.now() + SECONDS * 1000;
  let done = 0;
  const worker = async (port: number) => {
    while (Date.now() < until) {
      const body = JSON.stringify({ chainId: 1, address: demoEvmAddress(`bench ${run} ${counter++}`), label: 'Bench' });
      const res = await request(agent, port, urlPath, { ...headers, 'content-type': 'application/json' }, body);
      if (res.status !== 200 || !res.body.includes('"code":200'))
        throw new Error(`unexpected answer: ${res.status} ${res.body.slice(0, 200)}`);
      done++;
    }
  };
  await Promise.all(Array.from({ length: clients }, (_, i) => worker(ports[i % ports.length])));
  agent.destroy();
  return done / SECONDS;
}

export interface AuditedWritesFigure {
  clients: number;
  /** API processes sharing the database (two only on PostgreSQL). */
  instances: number;
  audited: number;
  plain: number;
  ratio: number;
}

/**
 * The ratios with the clients spread over every instance given: the reference's plain INSERTs are
 * spread the same way, so a second instance is measured against what a second process adds to
 * plain INSERTs on the same database.
 */
export async function auditedWriteRatios(instances: readonly BenchServers[]): Promise<AuditedWritesFigure[]> {
  const auth = await instances[0].signIn('merchantProManager');
  const ports = instances.map((s) => s.api);
  const audited = (clients: number) => writeLoad(ports, '/api/sys/address-book/save', auth, clients);
  const plain = (clients: number) => writeLoad(ports, '/bench/plain-insert/address-book', {}, clients);
  // Warmed up first: JIT and the database's caches count against neither.
  await plain(4);
  await audited(4);
  const figures: AuditedWritesFigure[] = [];
  for (const clients of WRITE_CLIENTS) {
    const plainRate = await plain(clients);
    const auditedRate = await audited(clients);
    figures.push({ clients, instances: instances.length, audited: auditedRate, plain: plainRate, ratio: auditedRate / plainRate });
  }
  return figures;
}

/**
 * One instance, and on PostgreSQL (BENCH_DATABASE_URL) also two instances on the same database:
 * the audit chain is sealed after commit by whichever instance takes the sequencer's lock, so a
 * second instance should add writes, not wait on the first's.
 */
export async function measureAuditedWrites(): Promise<AuditedWritesFigure[]> {
  const first = await startBenchServers();
  const figures: AuditedWritesFigure[] = [];
  try {
    figures.push(...(await auditedWriteRatios([first])));
    if (process.env.BENCH_DATABASE_URL) {
      const second = await startBenchServers();
      try {
        figures.push(...(await auditedWriteRatios([first, second])));
      } finally {
        second.stop();
      }
    }
    return figures;
  } finally {
    first.stop();
  }
}

export const auditedWritesReport = (figures: AuditedWritesFigure[], database: string) =>
  figures.map(
    (f) =>
      `audited writes (${database}, ${f.instances} instance${f.instances > 1 ? 's' : ''}), ${String(f.clients).padStart(2)} clients: ${f.audited.toFixed(0)} /s ÷ plain INSERTs ${f.plain.toFixed(0)} /s = ${f.ratio.toFixed(3)}`,
  );

if (import.meta.url === `file://${process.argv[1]}`) {
  for (const line of auditedWritesReport(await measureAuditedWrites(), process.env.BENCH_DATABASE_URL ? 'PostgreSQL' : 'PGlite'))
    console.log(line);
}
