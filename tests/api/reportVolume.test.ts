import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { startTestServer, type TestServer } from './harness';
import { seedVolume } from '../../server/db/seed/volume';
import type { ListResult } from '../../src/contract/envelope';
import type { OrderReportRecord, OrderReportTotal } from '../../src/contract/schemas/report';
import { ApiPath } from '../../src/contract/apiPaths';

/**
 * The reports' counts, totals and deep pages come from the volume table the orders' triggers
 * keep (docs/DECISIONS.md "Reports at volume"): they must say exactly what the orders say, for
 * any range in any time zone, any filter and any caller's scope.
 */
let server: TestServer;
const tokens: Record<string, string> = {};
const DAY = 86_400_000;
const now = new Date();

beforeAll(async () => {
  server = await startTestServer();
  await seedVolume(server.app.context.db, { orders: 7000, days: 75, batch: 3500, now });
  for (const account of ['superAdmin', 'merchantProFinance']) tokens[account] = await server.login(account);
});
afterAll(() => server?.close());

type Query = Record<string, string | number>;
const list = (account: string, query: Query) =>
  server.call<ListResult<OrderReportRecord>>('GET', ApiPath.report.payment.list, { token: tokens[account], query });
const totals = (account: string, query: Query) =>
  server.call<{ list: OrderReportTotal[] }>('GET', ApiPath.report.payment.totals, { token: tokens[account], query });

/** The orgs each caller sees (docs/roles-and-routes.md; agents do not read reports): the operator all, a merchant its own. */
const scopeOf = (account: string): number[] | undefined => {
  const ids = server.orgIds;
  if (account === 'merchantProFinance') return [ids.proA];
  return undefined;
};

/** What the orders themselves say, grouped as the totals are. */
async function expected(account: string, query: Query) {
  const db = server.app.context.db;
  const scope = scopeOf(account);
  const conditions = [sql`o.kind = 'payment'`];
  if (scope) conditions.push(sql`o.org_id in (${sql.join(scope)})`);
  if (query.dateFrom) conditions.push(sql`o.created_at >= ${new Date(String(query.dateFrom))}`);
  if (query.dateTo) conditions.push(sql`o.created_at < ${new Date(String(query.dateTo))}`);
  if (query.status) conditions.push(sql`o.status = ${query.status}`);
  if (query.symbol) conditions.push(sql`c.symbol = ${query.symbol}`);
  if (query.chainId) conditions.push(sql`o.chain_id = ${query.chainId}`);
  if (query.q) {
    const q = String(query.q).toLowerCase();
    conditions.push(sql`(lower(o.order_no) like ${`${q}%`} or lower(o.tx_hash) = ${q})`);
  }
  const where = sql.join(conditions, sql` and `);
  const { rows } = await sql<OrderReportTotal>`
    select o.chain_id::int as "chainId", c.symbol,
           (count(*) filter (where o.status = 'paid'))::int as "paidCount",
           coalesce(trim_scale(sum(o.amount) filter (where o.status = 'paid')), 0)::text as "paidAmount",
           coalesce(trim_scale(sum(o.fee) filter (where o.status = 'paid')), 0)::text as "fee",
           (count(*) filter (where o.status <> 'paid'))::int as "unpaidCount",
           coalesce(trim_scale(sum(o.amount) filter (where o.status <> 'paid')), 0)::text as "unpaidAmount"
      from payment_order o join currency c on c.id = o.currency_id
     where ${where} group by o.chain_id, c.symbol order by c.symbol, o.chain_id`.execute(db);
  const ids = await sql<{
    id: number;
  }>`select o.id from payment_order o join currency c on c.id = o.currency_id where ${where} order by o.created_at desc, o.id desc`.execute(
    db,
  );
  return { totals: rows, ids: ids.rows.map((r) => r.id) };
}

const at = (ms: number) => new Date(ms).toISOString();
const utcMidnight = (ms: number) => Math.floor(ms / DAY) * DAY;

/** The list's count and first page and the totals, for both callers and three filters, say what the orders say. */
async function agreesWithOrders(range: Query) {
  for (const account of ['superAdmin', 'merchantProFinance']) {
    for (const filter of [{}, { status: 'paid' }, { symbol: 'USDT', chainId: 1 }] as Query[]) {
      const query = { ...range, ...filter };
      const want = await expected(account, query);
      const page = await list(account, { ...query, pageSize: 25 });
      expect(page.code).toBe(200);
      expect(page.data.count, `${account} ${JSON.stringify(query)}`).toBe(want.ids.length);
      expect(page.data.list.map((o) => o.id)).toEqual(want.ids.slice(0, 25));
      expect((await totals(account, query)).data.list, `${account} ${JSON.stringify(query)}`).toEqual(want.totals);
    }
  }
}

/** The console's last 7 days in UTC+8: from and to at 16:00 UTC, whole hours at both edge days. */
const UTC8_WEEK: Query = {
  dateFrom: at(utcMidnight(now.getTime()) - 7 * DAY - 8 * 3600_000),
  dateTo: at(utcMidnight(now.getTime()) - 8 * 3600_000),
};
/** Within one day, both ends inside an hour: minutes from the orders, whole hours between. */
const MINUTES_IN_A_DAY: Query = {
  dateFrom: at(utcMidnight(now.getTime()) - 3 * DAY + 2 * 3600_000 + 17 * 60_000 + 3_000),
  dateTo: at(utcMidnight(now.getTime()) - 3 * DAY + 19 * 3600_000 + 41 * 60_000),
};

/** Ranges as people pick them: whole days in UTC, in UTC+5:30 and UTC-8, within a day, across months, open-ended. */
const RANGES: Array<[string, Query]> = [
  ['everything', {}],
  ['40 whole UTC days', { dateFrom: at(utcMidnight(now.getTime()) - 40 * DAY), dateTo: at(utcMidnight(now.getTime())) }],
  [
    'days in UTC+5:30',
    {
      dateFrom: at(utcMidnight(now.getTime()) - 50 * DAY - 5.5 * 3600_000),
      dateTo: at(utcMidnight(now.getTime()) - 3 * DAY - 5.5 * 3600_000),
    },
  ],
  [
    'days in UTC-8',
    {
      dateFrom: at(utcMidnight(now.getTime()) - 62 * DAY + 8 * 3600_000),
      dateTo: at(utcMidnight(now.getTime()) - 20 * DAY + 8 * 3600_000),
    },
  ],
  [
    'within one day',
    { dateFrom: at(utcMidnight(now.getTime()) - 10 * DAY + 3600_000), dateTo: at(utcMidnight(now.getTime()) - 10 * DAY + 20 * 3600_000) },
  ],
  [
    'across a day boundary only',
    { dateFrom: at(utcMidnight(now.getTime()) - 5 * DAY - 7 * 3600_000), dateTo: at(utcMidnight(now.getTime()) - 4 * DAY + 9 * 3600_000) },
  ],
  ['last 7 days in UTC+8', UTC8_WEEK],
  ['hours and minutes within one day', MINUTES_IN_A_DAY],
  ['from a time on', { dateFrom: at(now.getTime() - 33 * DAY - 1234_567) }],
  ['up to a time', { dateTo: at(now.getTime() - 28 * DAY + 987_654) }],
];

describe('reports at volume', () => {
  for (const [name, range] of RANGES) {
    it(`counts and totals say what the orders say: ${name}`, () => agreesWithOrders(range));
  }

  it('the hour rows follow an order paid, re-priced, moved, created or deleted in a range’s edge hours', async () => {
    const db = server.app.context.db;
    const range = UTC8_WEEK;
    const from = new Date(String(range.dateFrom));
    const to = new Date(String(range.dateTo));
    const firstEdge = sql`kind = 'payment' and created_at >= ${from} and created_at < ${new Date(from.getTime() + 8 * 3600_000)}`;
    const lastEdge = sql`kind = 'payment' and created_at >= ${new Date(to.getTime() - 16 * 3600_000)} and created_at < ${to}`;
    const before = await expected('superAdmin', range);
    // Created across the range, its edges included (pending ones in its last day, as the seed writes them).
    await seedVolume(db, { orders: 60, days: 8, now: to });
    const edges = sql`(${firstEdge} or ${lastEdge})`;
    // Paid: the status, its fee and its paid time change together, as the chain watcher writes them.
    const paid =
      await sql`update payment_order set status = 'paid', paid_at = created_at + interval '2 minutes', fee = trunc(amount * 0.005, 2)
      where id in (select id from payment_order where ${edges} and status <> 'paid' order by id limit 3) returning id`.execute(db);
    expect(paid.rows).toHaveLength(3);
    await sql`update payment_order set amount = amount + 7 where id in (select id from payment_order where ${lastEdge} order by id limit 4)`.execute(
      db,
    );
    // From a whole day inside the range to its first edge hour, and from the last edge to outside the range.
    await sql`update payment_order set created_at = ${new Date(from.getTime() + 90_000)}
      where id in (select id from payment_order where kind = 'payment' and created_at >= ${new Date(from.getTime() + 2 * DAY)} order by id limit 2)`.execute(
      db,
    );
    await sql`update payment_order set created_at = created_at + interval '1 day'
      where id in (select id from payment_order where ${lastEdge} order by id desc limit 2)`.execute(db);
    // An order no one credited, deleted.
    const deleted = await sql`delete from payment_order where id in (
      select id from payment_order o where ${edges} and status <> 'paid'
         and not exists (select 1 from ledger_entry l where l.order_id = o.id) order by id limit 1) returning id`.execute(db);
    expect(deleted.rows).toHaveLength(1);
    expect((await expected('superAdmin', range)).totals).not.toEqual(before.totals);
    await agreesWithOrders(range);
    await agreesWithOrders(MINUTES_IN_A_DAY);
    // Every hour row is what its hour's orders say (no row left behind by a change).
    const rows = (query: ReturnType<typeof sql>) => query.execute(db).then((r) => r.rows);
    const hourRows =
      await rows(sql`select kind, hour, org_id, chain_id, currency_id, status, orders::int, trim_scale(amount)::text as amount, trim_scale(fee)::text as fee
      from order_volume_hour where orders <> 0 or amount <> 0 or fee <> 0 order by 1, 2, 3, 4, 5, 6`);
    const fromOrders =
      await rows(sql`select kind, date_trunc('hour', created_at, 'UTC') as hour, org_id, chain_id, currency_id, status, count(*)::int as orders,
           trim_scale(sum(amount))::text as amount, trim_scale(sum(fee))::text as fee
      from payment_order group by 1, 2, 3, 4, 5, 6 order by 1, 2, 3, 4, 5, 6`);
    expect(hourRows.length).toBeGreaterThan(1000);
    expect(hourRows).toEqual(fromOrders);
  });

  it('a deep page in time order, either direction, is the page an OFFSET over every order gives', async () => {
    for (const query of [
      {},
      { dateFrom: at(utcMidnight(now.getTime()) - 70 * DAY - 5.5 * 3600_000), dateTo: at(now.getTime() - 3600_000) },
      { status: 'paid' },
    ] as Query[]) {
      const want = await expected('superAdmin', query);
      expect(want.ids.length).toBeGreaterThan(2100);
      const pages = [81, 84, Math.ceil(want.ids.length / 25), Math.ceil(want.ids.length / 25) + 1];
      for (const pageNo of pages) {
        const desc = await list('superAdmin', { ...query, page: pageNo, pageSize: 25 });
        expect(
          desc.data.list.map((o) => o.id),
          `desc page ${pageNo}`,
        ).toEqual(want.ids.slice((pageNo - 1) * 25, pageNo * 25));
        const asc = await list('superAdmin', { ...query, page: pageNo, pageSize: 25, sort: 'createdAt', order: 'asc' });
        const ascending = await sql<{
          id: number;
        }>`select id from payment_order where id in (${sql.join(want.ids)}) order by created_at, id`.execute(server.app.context.db);
        expect(
          asc.data.list.map((o) => o.id),
          `asc page ${pageNo}`,
        ).toEqual(ascending.rows.map((r) => r.id).slice((pageNo - 1) * 25, pageNo * 25));
        expect(desc.data.count).toBe(want.ids.length);
      }
    }
  });

  it('the counts follow every change to an order: a status, an amount, a moved time, a new order', async () => {
    const db = server.app.context.db;
    const range = RANGES[1][1];
    const before = await expected('superAdmin', range);
    await sql`update payment_order set status = 'expired' where id in (select id from payment_order where kind = 'payment' and status = 'pending' order by id limit 3)`.execute(
      db,
    );
    await sql`update payment_order set amount = amount + 1 where id in (select id from payment_order where kind = 'payment' order by id desc limit 5)`.execute(
      db,
    );
    await sql`update payment_order set created_at = created_at - interval '45 days' where id in (select id from payment_order where kind = 'payment' order by id limit 7)`.execute(
      db,
    );
    await seedVolume(db, { orders: 50, days: 30, now });
    const after = await expected('superAdmin', range);
    expect(after.totals).not.toEqual(before.totals);
    for (const query of [range, {}, { status: 'expired' }]) {
      const want = await expected('superAdmin', query);
      expect((await list('superAdmin', { ...query, pageSize: 25 })).data.count).toBe(want.ids.length);
      expect((await totals('superAdmin', query)).data.list).toEqual(want.totals);
    }
  });

  it('a search counts the orders it finds: an order number by its start, a hash whole', async () => {
    const sample = (await list('superAdmin', { status: 'paid', pageSize: 1 })).data.list[0];
    const byNumber = await list('superAdmin', { q: sample.orderNo.slice(0, -2).toLowerCase(), pageSize: 500 });
    expect(byNumber.data.list.map((o) => o.id)).toContain(sample.id);
    expect(byNumber.data.count).toBe(byNumber.data.list.length);
    const byHash = await list('superAdmin', { q: sample.txHash!.toUpperCase() });
    expect(byHash.data.list.map((o) => o.id)).toEqual([sample.id]);
    expect((await totals('superAdmin', { q: sample.txHash! })).data.list).toEqual([
      expect.objectContaining({ symbol: sample.symbol, paidCount: 1, paidAmount: sample.amount }),
    ]);
  });

  it('a search page, filtered, in either scope, any sort and past its end, is the page the filters over every order give', async () => {
    const sample = (await list('superAdmin', { pageSize: 1, dateTo: at(now.getTime() - 12 * DAY) })).data.list[0];
    const day = sample.orderNo.slice(0, 11);
    for (const account of ['superAdmin', 'merchantProFinance']) {
      for (const filter of [{ q: day }, { q: day.toLowerCase(), status: 'paid' }, { q: day, symbol: 'USDT', chainId: 1 }] as Query[]) {
        const want = await expected(account, filter);
        if (account === 'superAdmin' && !filter.status) expect(want.ids.length).toBeGreaterThan(0);
        const last = Math.ceil(want.ids.length / 10);
        for (const pageNo of [1, last, last + 1]) {
          const page = await list(account, { ...filter, page: pageNo, pageSize: 10 });
          expect(
            page.data.list.map((o) => o.id),
            `${account} ${JSON.stringify(filter)} page ${pageNo}`,
          ).toEqual(want.ids.slice((pageNo - 1) * 10, pageNo * 10));
          expect(page.data.count).toBe(want.ids.length);
        }
        const byAmount = await list(account, { ...filter, pageSize: 500, sort: 'amount', order: 'asc' });
        const amounts = byAmount.data.list.map((o) => Number(o.amount));
        expect(amounts).toEqual([...amounts].sort((a, b) => a - b));
        expect(byAmount.data.list.map((o) => o.id).sort()).toEqual([...want.ids].sort());
      }
    }
  });

  it('a search broader than the cap pages without a count, every row once, and is not totalled; a narrow one still is', async () => {
    const capped = await startTestServer({ config: { searchCap: 100 } });
    try {
      await seedVolume(capped.app.context.db, { orders: 600, days: 20, batch: 600, now });
      const token = await capped.login('merchantProFinance');
      const call = <T>(path: string, query: Query) => capped.call<T>('GET', path, { token, query });
      const everyOwn = await sql<{
        id: number;
      }>`select id from payment_order where kind = 'payment' and org_id = ${capped.orgIds.proA} order by created_at desc, id desc`.execute(
        capped.app.context.db,
      );
      expect(everyOwn.rows.length).toBeGreaterThan(100);
      // "PAY" starts every payment's number: more than the cap.
      const seen: number[] = [];
      for (let page = 1; ; page++) {
        const answer = (await call<ListResult<OrderReportRecord>>(ApiPath.report.payment.list, { q: 'pay', page, pageSize: 25 })).data;
        expect(answer.hasNextPage, `page ${page}`).toBe(seen.length + answer.list.length < everyOwn.rows.length);
        expect(answer.count).toBe(seen.length + answer.list.length + (answer.hasNextPage ? 1 : 0));
        seen.push(...answer.list.map((o) => o.id));
        if (!answer.hasNextPage) break;
      }
      expect(seen).toEqual(everyOwn.rows.map((r) => r.id));
      const broad = (await call<{ list: OrderReportTotal[]; broad?: boolean }>(ApiPath.report.payment.totals, { q: 'PAY' })).data;
      expect(broad).toEqual({ list: [], count: 0, broad: true, searchCap: 100 });
      // A day's prefix is narrow again: counted and totalled.
      const day = (await call<ListResult<OrderReportRecord>>(ApiPath.report.payment.list, { pageSize: 1 })).data.list[0].orderNo.slice(
        0,
        11,
      );
      const narrow = (await call<ListResult<OrderReportRecord>>(ApiPath.report.payment.list, { q: day, pageSize: 500 })).data;
      expect(narrow.hasNextPage).toBeUndefined();
      expect(narrow.count).toBe(narrow.list.length);
      const dayTotals = (await call<{ list: OrderReportTotal[]; broad?: boolean }>(ApiPath.report.payment.totals, { q: day })).data;
      expect(dayTotals.broad).toBeUndefined();
      expect(dayTotals.list.reduce((n, t) => n + t.paidCount + t.unpaidCount, 0)).toBe(narrow.count);
      // Broad is judged in the caller's scope: with a cap between a merchant's orders and everyone's,
      // the merchant's "PAY" is counted, the operator's is not (nothing said about other orgs).
      const everyone = await sql<{ n: number }>`select count(*)::int as n from payment_order where lower(order_no) like 'pay%'`.execute(
        capped.app.context.db,
      );
      expect(everyone.rows[0].n).toBeGreaterThan(everyOwn.rows.length + 10);
      capped.app.context.config.searchCap = everyOwn.rows.length + 5;
      const own = (await call<ListResult<OrderReportRecord>>(ApiPath.report.payment.list, { q: 'PAY', pageSize: 25 })).data;
      expect(own.hasNextPage).toBeUndefined();
      expect(own.count).toBe(everyOwn.rows.length);
      const operator = await capped.login('superAdmin');
      const all = (
        await capped.call<ListResult<OrderReportRecord>>('GET', ApiPath.report.payment.list, {
          token: operator,
          query: { q: 'PAY', pageSize: 25 },
        })
      ).data;
      expect(all.hasNextPage).toBe(true);
      capped.app.context.config.searchCap = 100;
      // The export of a broad search is the whole set, as ever.
      const file = await capped.app.inject({
        method: 'GET',
        url: `/api${ApiPath.report.payment.export}`,
        query: { q: 'PAY' },
        headers: { authorization: `Bearer ${token}` },
      });
      expect(file.body.trimEnd().split('\r\n').length - 1).toBe(everyOwn.rows.length);
    } finally {
      await capped.close();
    }
    // It starts a server of its own and seeds 600 orders: the time a start hook is given (vitest.config.ts).
  }, 180_000);

  it('the API’s connections run without JIT on PostgreSQL (its threshold fires on misestimates: a day’s prefix at 10M)', async () => {
    const { rows } = await sql<{ jit: string }>`show jit`.execute(server.app.context.db);
    // PGlite is built without JIT: whatever it reports, nothing is compiled.
    if (server.database.kind === 'postgres') expect(rows[0].jit).toBe('off');
  });
});
