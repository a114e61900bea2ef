import Fastify from 'fastify';
import { buildApp } from '../server/app';
import { readConfig } from '../server/config';
import { openDatabase } from '../server/db/database';
import { seedDemo } from '../server/db/seed';
import { safeGuardFor } from '../server/chain/registry';
import { resolveCaller } from '../server/http/caller';
import { exportBatches } from '../server/http/csvExport';
import { pageQuery } from '../server/http/pagination';
import { inlineParameters } from '../server/db/sqlLiteral';
import { orderListSource } from '../server/modules/report/orders';
import { orderReportQuery } from '../src/contract/schemas/report';
import { capture, databaseClock, installCapture, referenceRunner, referenceServer, type Statement } from './requestPathReference';
import { REQUEST_PATH_CASES } from './requestPathCases';

/**
 * The two servers the throughput bench compares, in one child process so the load
 * generator does not share their event loop: the real API and a bare Fastify route
 * answering a constant envelope. The API runs on an in-memory PGlite with the demo data,
 * or on the volume database the bench names (BENCH_DATA_DIR for PGlite's folder,
 * BENCH_DATABASE_URL for PostgreSQL).
 */
installCapture();
const database = await openDatabase({ dataDir: process.env.BENCH_DATA_DIR, databaseUrl: process.env.BENCH_DATABASE_URL });
// A volume database's folder keeps the devnet keys its demo data was seeded with (bench/volume.ts
// `ensureOrders`): the server reads them there, or its wallets' recorded Safe setups would not match.
const benchConfig = readConfig(process.env.BENCH_DATA_DIR ? { DATA_DIR: process.env.BENCH_DATA_DIR } : {});
const anyone = await database.db.selectFrom('appUser').select('id').limit(1).executeTakeFirst();
if (!anyone) await seedDemo(database.db, safeGuardFor(benchConfig));
const config = { ...benchConfig, staticDir: undefined, seed: 'none' as const };
const api = await buildApp({ config, database });
/**
 * BENCH_DB_TIME=1 (bench/volume.ts): each answer says in `x-bench-db-ms` how long its own driver
 * queries took (bench/requestPathReference.ts `databaseClock`) — the database's time per call beside
 * the wall clock.
 */
if (process.env.BENCH_DB_TIME) {
  const clocks = new WeakMap<object, { ms: number }>();
  api.addHook('onRequest', (request, _reply, done) => {
    const store = { ms: 0 };
    clocks.set(request, store);
    databaseClock.run(store, done);
  });
  api.addHook('onSend', async (request, reply) => void reply.header('x-bench-db-ms', (clocks.get(request)?.ms ?? 0).toFixed(3)));
}
/**
 * The export's reference (bench/volume.ts): the very select the payment report's export reads,
 * batch after batch through the same queries, rows counted and dropped — the database's pace
 * for that export, with nothing formatted or sent.
 */
api.get('/bench/export-reference/payment', async (request) => {
  const caller = await resolveCaller(database.db, request, new Date());
  const query = orderReportQuery.parse(request.query);
  const source = await orderListSource(database.reader, caller, 'payment', query, config.searchCap);
  let rows = 0;
  for await (const batch of exportBatches({ ...source, sort: { sort: query.sort, order: query.sort ? query.order : 'desc' } }))
    rows += batch.length;
  return { rows };
});
/**
 * The `\copy` reference's select (bench/volume.ts, PostgreSQL only): the payment export's own
 * select (filters, tenant scope, columns of the list, the list's order) as one statement with
 * no batch limit, its values written in as literals, since COPY takes no parameters.
 */
api.get('/bench/export-reference/payment/sql', async (request) => {
  const caller = await resolveCaller(database.db, request, new Date());
  const query = orderReportQuery.parse(request.query);
  const { filtered, options } = await orderListSource(database.reader, caller, 'payment', query, config.searchCap);
  const sort = { sort: query.sort, order: query.sort ? query.order : ('desc' as const) };
  const compiled = pageQuery(filtered, { ...sort, page: 1, pageSize: 2 ** 31 - 1 }, options).compile();
  const text = inlineParameters(compiled);
  return { sql: text.replace(/\s+/g, ' ') };
});
/**
 * The audited writes' reference (bench/auditedWrites.ts): the same address-book row inserted by
 * one plain INSERT, outside any write request (no audit event, no transaction of ours, no check).
 */
const benchOrg = await database.db
  .selectFrom('membership')
  .innerJoin('appUser', 'appUser.id', 'membership.userId')
  .select('membership.orgId')
  .where('appUser.account', '=', 'merchantProManager')
  .executeTakeFirstOrThrow();
api.post('/bench/plain-insert/address-book', async (request) => {
  const { orgId } = benchOrg;
  const { address } = request.body as { address: string };
  await database.db
    .insertInto('addressBookEntry')
    .values({ orgId, chainId: 1, address, label: 'Bench', memo: '', activeFrom: new Date(), createdBy: null, createdAt: new Date() })
    .execute();
  return { code: 200, msg: 'ok', data: null };
});
await api.listen({ port: 0, host: '127.0.0.1' });

const bare = Fastify();
const constant = { code: 200, msg: 'ok', data: { list: [], count: 0 } };
bare.get('/api/sys/chain/list', async () => constant);
await bare.listen({ port: 0, host: '127.0.0.1' });

/** The statements of one warm request of each request-path case (the third: caches of the first two are warm). */
const login = await api.inject({ method: 'POST', url: '/api/sys/auth/login', payload: { account: 'superAdmin', password: 'Demo@12345' } });
const authorization = `Bearer ${(login.json() as { data: { token: string } }).data.token}`;
const captured: Record<string, Statement[]> = {};
for (const { url } of REQUEST_PATH_CASES) {
  const get = async () => {
    const res = await api.inject({ method: 'GET', url, headers: { authorization } });
    if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body.slice(0, 200)}`);
  };
  await get();
  await get();
  captured[url.split('?')[0]] = await capture(get);
  // BENCH_SHOW_SQL=1: what one warm request sends the database, on stderr.
  if (process.env.BENCH_SHOW_SQL) console.error(url, JSON.stringify(captured[url.split('?')[0]], null, 1));
}
const runner = referenceRunner(process.env.BENCH_DATABASE_URL);
const reference = await referenceServer(captured, runner.run);

const portOf = (server: { server: { address(): unknown } }) => (server.server.address() as { port: number }).port;
process.stdout.write(`${JSON.stringify({ api: portOf(api), bare: portOf(bare), reference: portOf(reference), pid: process.pid })}\n`);
process.once('SIGTERM', async () => {
  await api.close();
  await database.close();
  await bare.close();
  await reference.close();
  await runner.close();
  process.exit(0);
});
