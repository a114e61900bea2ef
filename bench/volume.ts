import { spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { openDatabase, type DatabaseOptions } from '../server/db/database';
import { seedDemo } from '../server/db/seed';
import { safeGuardFor } from '../server/chain/registry';
import { readConfig } from '../server/config';
import { seedVolume } from '../server/db/seed/volume';
import { measurePaging } from './paging';
import { chainListRatio, load, request, startBenchServers, type BenchServers } from './apiThroughput';

/**
 * `npm run bench -- --volume [--orders N] [--paging] [--exports]`: the finance reports over N orders (1,000,000 by
 * default), on PGlite (VOLUME_DATA_DIR, default data/volume) and, when VOLUME_DATABASE_URL is
 * set, on PostgreSQL. A database with fewer orders is topped up first (server/db/seed/volume.ts).
 * Each case: 30 sequential calls after 3 warm-ups, p50 and p95 next to the target
 * (docs/SCALING.md); then the report list's throughput and the chain list's ratio to a bare
 * Fastify route, measured in the same run. Before them, the paging case (bench/paging.ts);
 * `--paging` runs only that.
 */
const root = path.resolve(import.meta.dirname, '..');
const CALLS = 30;
const WARM_UPS = 3;

interface Target {
  name: 'PGlite' | 'PostgreSQL';
  database: DatabaseOptions;
  env: Record<string, string>;
  /** p95 budgets at 1M orders (ms). */
  budget: number;
}

async function ensureOrders(target: Target, orders: number): Promise<number> {
  const handle = await openDatabase(target.database);
  try {
    if (!(await handle.db.selectFrom('appUser').select('id').limit(1).executeTakeFirst()))
      await seedDemo(handle.db, safeGuardFor(readConfig(target.database.dataDir ? { DATA_DIR: target.database.dataDir } : {})));
    const { count } = await handle.db
      .selectFrom('paymentOrder')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .executeTakeFirstOrThrow();
    const missing = orders - Number(count);
    if (missing > 0) {
      const started = Date.now();
      console.log(`${target.name}: adding ${missing.toLocaleString('en-US')} orders…`);
      await seedVolume(handle.db, { orders: missing, log: (line) => console.log(`  ${line}`) });
      console.log(`${target.name}: seeded in ${((Date.now() - started) / 1000).toFixed(0)} s`);
    }
    const after = await handle.db
      .selectFrom('paymentOrder')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .executeTakeFirstOrThrow();
    return Number(after.count);
  } finally {
    await handle.close();
  }
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

/**
 * A case's wall clock per call (p50, p95) and, beside it, the database's own time per call: the time
 * the server's driver queries took while it answered (`x-bench-db-ms`, bench/apiServers.ts with BENCH_DB_TIME).
 */
async function timeCase(port: number, headers: Record<string, string>, urlPath: string) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const times: number[] = [];
  const database: number[] = [];
  for (let n = 0; n < WARM_UPS + CALLS; n++) {
    const started = process.hrtime.bigint();
    const res = await request(agent, port, urlPath, headers);
    const ms = Number(process.hrtime.bigint() - started) / 1e6;
    if (res.status !== 200 || !res.body.includes('"code":200')) throw new Error(`${urlPath}: ${res.status} ${res.body.slice(0, 200)}`);
    const databaseMs = Number(res.headers['x-bench-db-ms']);
    if (!Number.isFinite(databaseMs)) throw new Error(`${urlPath}: no x-bench-db-ms header (BENCH_DB_TIME)`);
    if (n >= WARM_UPS) {
      times.push(ms);
      database.push(databaseMs);
    }
  }
  agent.destroy();
  times.sort((a, b) => a - b);
  database.sort((a, b) => a - b);
  return { p50: percentile(times, 50), p95: percentile(times, 95), db50: percentile(database, 50), db95: percentile(database, 95) };
}

async function json<T>(servers: BenchServers, headers: Record<string, string>, urlPath: string): Promise<T> {
  const res = await request(new http.Agent(), servers.api, urlPath, headers);
  return (JSON.parse(res.body) as { data: T }).data;
}

/**
 * The console's "last 7 days" picked in UTC+8 (src/resources/reports/zonedTime.ts): from midnight
 * six days ago to tomorrow's, both at 16:00 UTC — edge days of whole hours.
 */
function utc8Week(): string {
  const DAY = 86_400_000;
  const offset = 8 * 3_600_000;
  const today = Math.floor((Date.now() + offset) / DAY) * DAY - offset;
  const at = (ms: number) => encodeURIComponent(new Date(ms).toISOString());
  return `dateFrom=${at(today - 6 * DAY)}&dateTo=${at(today + DAY)}`;
}

/** The report cases of docs/SCALING.md, with an order number and hash that exist. */
async function casesOf(servers: BenchServers, auth: Record<string, string>): Promise<Array<[string, string]>> {
  const list = '/api/sys/report/payment/list';
  const sample = (
    await json<{ list: Array<{ orderNo: string; txHash: string }> }>(
      servers,
      auth,
      `${list}?page=1&pageSize=1&status=paid&sort=amount&order=asc`,
    )
  ).list[0];
  return [
    ['page 1, no filter', `${list}?page=1&pageSize=25`],
    ['page 1, console default (chain 1)', `${list}?page=1&pageSize=25&chainId=1&sort=createdAt&order=desc`],
    ['currency + status (USDT, paid)', `${list}?page=1&pageSize=25&chainId=1&symbol=USDT&status=paid`],
    ['exact order number (q)', `${list}?page=1&pageSize=25&q=${encodeURIComponent(sample.orderNo)}`],
    ['order number prefix (a day: q=PAYyyyymmdd)', `${list}?page=1&pageSize=25&q=${encodeURIComponent(sample.orderNo.slice(0, 11))}`],
    ['transaction hash (q)', `${list}?page=1&pageSize=25&q=${encodeURIComponent(sample.txHash)}`],
    ['sort by amount', `${list}?page=1&pageSize=25&sort=amount&order=desc`],
    ['a page at offset 500,000', `${list}?page=20001&pageSize=25`],
    [
      'last 30 days, in UTC+8',
      `${list}?page=1&pageSize=25&dateFrom=${encodeURIComponent(new Date(Date.now() - 30 * 86_400_000 - 8 * 3_600_000).toISOString())}`,
    ],
    ['last 7 days in UTC+8, page 1', `${list}?page=1&pageSize=25&${utc8Week()}`],
    ['totals, last 7 days in UTC+8', `/api/sys/report/payment/totals?${utc8Week()}`],
    ['totals per currency, no filter', '/api/sys/report/payment/totals'],
    [
      'totals, 90 days in UTC+8, USDT',
      `/api/sys/report/payment/totals?symbol=USDT&dateFrom=${encodeURIComponent(new Date(Date.now() - 90 * 86_400_000 - 8 * 3_600_000).toISOString())}`,
    ],
    ['/home 30-day volume', '/api/sys/dashboard?days=30'],
  ];
}

const rssOf = (pid: number) => Number(/VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) * 1024;

/** A whole export read as a browser would (and dropped): rows, seconds, and how much the server's memory grew meanwhile. */
async function timeExport(servers: BenchServers, headers: Record<string, string>, urlPath: string) {
  const before = rssOf(servers.pid);
  let peak = before;
  const sampler = setInterval(() => (peak = Math.max(peak, rssOf(servers.pid))), 100);
  const started = Date.now();
  const { rows, bytes } = await new Promise<{ rows: number; bytes: number }>((resolve, reject) => {
    http
      .get({ host: '127.0.0.1', port: servers.api, path: urlPath, headers }, (res) => {
        let rowCount = -1;
        let size = 0;
        res.on('data', (chunk: Buffer) => {
          size += chunk.length;
          for (let at = chunk.indexOf(10); at >= 0; at = chunk.indexOf(10, at + 1)) rowCount++;
        });
        res.on('end', () => resolve({ rows: rowCount, bytes: size }));
        res.on('error', reject);
      })
      .on('error', reject);
  });
  clearInterval(sampler);
  return { rows, bytes, seconds: (Date.now() - started) / 1000, growth: peak - before };
}

/** The paging case (bench/paging.ts) on the target's database, opened here: PGlite takes one process at a time. */
async function pagingOn(target: Target): Promise<void> {
  const handle = await openDatabase(target.database);
  try {
    console.log(`\n${target.name}:`);
    await measurePaging(handle.db, (line) => console.log(line));
  } finally {
    await handle.close();
  }
}

/** The CPU seconds (user + system) a process has used: its clock ticks in /proc, at 100 per second. */
const cpuOf = (pid: number) => {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
};

/** The export's reference: the same select read batch after batch in the server, nothing formatted or sent (bench/apiServers.ts). */
async function timeReference(servers: BenchServers, headers: Record<string, string>): Promise<{ rows: number; seconds: number }> {
  const started = Date.now();
  const res = await request(new http.Agent(), servers.api, '/bench/export-reference/payment', headers);
  if (res.status !== 200) throw new Error(`export reference: ${res.status} ${res.body.slice(0, 200)}`);
  return { rows: (JSON.parse(res.body) as { rows: number }).rows, seconds: (Date.now() - started) / 1000 };
}

/**
 * `\copy` of the export's own select (issue 35's reference): psql runs `COPY (select …) TO STDOUT
 * (FORMAT csv)` over the select the export reads (bench/apiServers.ts), and its output is read here
 * as the export's is, lines counted: PostgreSQL's own pace for those rows, with nothing decoded in JS.
 */
async function timeCopy(
  servers: BenchServers,
  headers: Record<string, string>,
  databaseUrl: string,
): Promise<{ rows: number; seconds: number }> {
  const res = await request(new http.Agent(), servers.api, '/bench/export-reference/payment/sql', headers);
  if (res.status !== 200) throw new Error(`export reference select: ${res.status} ${res.body.slice(0, 200)}`);
  const { sql } = JSON.parse(res.body) as { sql: string };
  const started = Date.now();
  const rows = await new Promise<number>((resolve, reject) => {
    const psql = spawn('psql', ['-X', '-q', '-v', 'ON_ERROR_STOP=1', databaseUrl, '-c', `\\copy (${sql}) to stdout with (format csv)`], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let lines = 0;
    psql.stdout.on('data', (chunk: Buffer) => {
      for (let at = chunk.indexOf(10); at >= 0; at = chunk.indexOf(10, at + 1)) lines++;
    });
    psql.once('error', reject);
    psql.once('close', (code) => (code === 0 ? resolve(lines) : reject(new Error(`psql exited with ${code}`))));
  });
  return { rows, seconds: (Date.now() - started) / 1000 };
}

/**
 * The payment report's export against its references, all in the same run: each reference read
 * before and after the export (the mean of the two), so a machine that slows down meanwhile
 * weighs on both sides. The ratio is the export's rows per second over the reference's: on
 * PostgreSQL `\copy` of the same select (the measure), and everywhere the same select
 * read batch after batch inside the server (what decoding the rows in Node costs by itself).
 */
async function exportRatio(servers: BenchServers, headers: Record<string, string>, databaseUrl: string | undefined): Promise<void> {
  // The server's CPU per row beside the wall clock: on a loaded machine the clock says more about the neighbours.
  const copyFirst = databaseUrl ? await timeCopy(servers, headers, databaseUrl) : undefined;
  const cpu0 = cpuOf(servers.pid);
  const first = await timeReference(servers, headers);
  const cpu1 = cpuOf(servers.pid);
  const exported = await timeExport(servers, headers, '/api/sys/report/payment/export');
  const cpu2 = cpuOf(servers.pid);
  const second = await timeReference(servers, headers);
  const cpu3 = cpuOf(servers.pid);
  const copySecond = databaseUrl ? await timeCopy(servers, headers, databaseUrl) : undefined;
  const perRow = (seconds: number, rows: number) => ((seconds / rows) * 1e6).toFixed(1);
  const rate = (a: { rows: number; seconds: number }, b: { rows: number; seconds: number }) => (a.rows + b.rows) / (a.seconds + b.seconds);
  const referenceRate = rate(first, second);
  const exportRate = exported.rows / exported.seconds;
  if (exported.rows !== first.rows) throw new Error(`export wrote ${exported.rows} rows, the reference read ${first.rows}`);
  if (copyFirst && copyFirst.rows !== exported.rows) throw new Error(`export wrote ${exported.rows} rows, \\copy ${copyFirst.rows}`);
  console.log(
    `export payment report: ${exported.rows.toLocaleString('en-US')} rows at ${(exportRate / 1000).toFixed(1)} k rows/s; server memory +${(exported.growth / 2 ** 20).toFixed(0)} MB (target ≤ 20)`,
  );
  if (copyFirst && copySecond) {
    const copyRate = rate(copyFirst, copySecond);
    console.log(
      `  ÷ \\copy of the same select (psql, CSV): ${(copyRate / 1000).toFixed(1)} k rows/s (${copyFirst.seconds.toFixed(1)} s, ${copySecond.seconds.toFixed(1)} s): ratio ${(exportRate / copyRate).toFixed(2)} (target ≥ 0.5)`,
    );
  }
  console.log(
    `  ÷ the same select read in a plain loop in the server: ${(referenceRate / 1000).toFixed(1)} k rows/s: ratio ${(exportRate / referenceRate).toFixed(2)}; ` +
      `server CPU ${perRow(cpu2 - cpu1, exported.rows)} µs a row exported, ${perRow(cpu1 - cpu0 + cpu3 - cpu2, first.rows + second.rows)} µs a row read`,
  );
}

async function benchTarget(target: Target, orders: number, only: { paging: boolean; exports: boolean; reports: boolean }): Promise<void> {
  const count = await ensureOrders(target, orders);
  if (!only.exports && !only.reports) await pagingOn(target);
  if (only.paging) return;
  const servers = await startBenchServers({ ...target.env, BENCH_DB_TIME: '1' });
  try {
    const operator = await servers.signIn('superAdmin');
    if (only.exports) {
      console.log(`\n${target.name}: ${count.toLocaleString('en-US')} payment orders`);
      return await exportRatio(servers, operator, target.env.BENCH_DATABASE_URL);
    }
    const merchant = await servers.signIn('merchantProFinance');
    console.log(`\n${target.name}: ${count.toLocaleString('en-US')} payment orders — p95 target ≤ ${target.budget} ms`);
    console.log('case                                          p50 ms    p95 ms   within   database p50 / p95 ms');
    const cases = await casesOf(servers, operator);
    cases.push(['merchant page 1 (own org only)', '/api/sys/report/payment/list?page=1&pageSize=25']);
    for (const [index, [name, urlPath]] of cases.entries()) {
      const { p50, p95, db50, db95 } = await timeCase(servers.api, index === cases.length - 1 ? merchant : operator, urlPath);
      console.log(
        `${name.padEnd(44)} ${p50.toFixed(1).padStart(7)} ${p95.toFixed(1).padStart(9)}   ${(p95 <= target.budget ? 'yes' : 'NO').padEnd(6)} ${db50.toFixed(1).padStart(8)} / ${db95.toFixed(1)}`,
      );
    }
    if (only.reports) return;
    await load(servers.api, operator, '/api/sys/report/payment/list?page=1&pageSize=25');
    const reportRps = await load(servers.api, operator, '/api/sys/report/payment/list?page=1&pageSize=25');
    console.log(`report list, 16 clients: ${reportRps.toFixed(0)} req/s`);
    const { apiRps, bareRps, ratio } = await chainListRatio(servers, operator);
    console.log(
      `chain list ${apiRps.toFixed(0)} req/s, bare Fastify ${bareRps.toFixed(0)} req/s: ratio ${ratio.toFixed(3)} (target ≥ 0.10)`,
    );
    await exportRatio(servers, operator, target.env.BENCH_DATABASE_URL);
    for (const [name, urlPath] of [
      ['payment report', '/api/sys/report/payment/export'],
      ['ledger (asset flow)', '/api/sys/asset-flow/export'],
    ]) {
      const exported = await timeExport(servers, operator, urlPath);
      const perMillion = (exported.seconds / exported.rows) * 1_000_000;
      console.log(
        `export ${name}: ${exported.rows.toLocaleString('en-US')} rows, ${(exported.bytes / 2 ** 20).toFixed(0)} MB in ${exported.seconds.toFixed(1)} s ` +
          `(${perMillion.toFixed(1)} s per million, target ≤ 30), server memory +${(exported.growth / 2 ** 20).toFixed(0)} MB (target ≤ 50)`,
      );
    }
  } finally {
    servers.stop();
    await new Promise((resolve) => servers.child.once('exit', resolve));
  }
}

export async function runVolumeBench(args: string[]): Promise<void> {
  const at = args.indexOf('--orders');
  const orders = at >= 0 ? Number(args[at + 1]) : 1_000_000;
  if (!Number.isInteger(orders) || orders <= 0) throw new Error('--orders takes a positive whole number');
  const dataDir = path.resolve(process.env.VOLUME_DATA_DIR ?? path.join(root, 'data', 'volume'));
  fs.mkdirSync(dataDir, { recursive: true });
  // VOLUME_PGLITE=0 measures PostgreSQL alone (a 10M run: PGlite is for one machine's data).
  const targets: Target[] =
    process.env.VOLUME_PGLITE === '0' ? [] : [{ name: 'PGlite', database: { dataDir }, env: { BENCH_DATA_DIR: dataDir }, budget: 50 }];
  const url = process.env.VOLUME_DATABASE_URL;
  if (url)
    targets.push({
      name: 'PostgreSQL',
      database: { databaseUrl: url },
      env: { BENCH_DATABASE_URL: url },
      budget: orders > 1_000_000 ? 100 : 20,
    });
  else console.log('PostgreSQL: set VOLUME_DATABASE_URL=postgres://… to measure it too');
  // --paging: only the paging case; --exports: only the export against its reference (issue 35's measure);
  // --reports: only the report cases (wall clock and database time per call).
  for (const target of targets)
    await benchTarget(target, orders, {
      paging: args.includes('--paging'),
      exports: args.includes('--exports'),
      reports: args.includes('--reports'),
    });
}
