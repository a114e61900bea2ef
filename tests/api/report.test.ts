import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { startTestServer, type TestServer } from './harness';
import type { ListResult } from '../../src/contract/envelope';
import type { GasReportRecord, GasReportTotal, OrderReportRecord, OrderReportTotal } from '../../src/contract/schemas/report';
import { sumDecimals } from '../../src/pages/home/sumDecimals';
import { ApiPath } from '../../src/contract/apiPaths';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

type Query = Record<string, string | number>;
const get = <T>(account: string, path: string, query: Query = {}) => server.as(account).call<T>('GET', path, { query });
/** The order reports, by their key in ApiPath.report. */
type ReportKind = Exclude<keyof typeof ApiPath.report, 'order'>;
const orders = (account: string, kind: ReportKind, query: Query = {}) =>
  get<ListResult<OrderReportRecord>>(account, ApiPath.report[kind].list, { pageSize: 500, ...query });
const totals = (account: string, kind: ReportKind, query: Query = {}) =>
  get<{ list: OrderReportTotal[] }>(account, ApiPath.report[kind].totals, query);
const gasTotals = (account: string, query: Query = {}) => get<{ list: GasReportTotal[] }>(account, ApiPath.report.gas.totals, query);

describe('order reports (payment, linkpay, recharge)', () => {
  it('a merchant reads its own orders of the report’s kind, newest first', async () => {
    const res = await orders('merchantProFinance', 'payment');
    expect(res.code).toBe(200);
    expect(res.data.count).toBeGreaterThan(0);
    expect(new Set(res.data.list.map((o) => o.orgName))).toEqual(new Set(['Aurora Pay (Pro)']));
    expect(res.data.list.every((o) => o.kind === 'payment' && o.orderNo.startsWith('PAY'))).toBe(true);
    const times = res.data.list.map((o) => Date.parse(o.createdAt));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    const links = (await orders('merchantProFinance', 'linkpay')).data.list;
    expect(links.every((o) => o.kind === 'linkpay' && o.payLinkTitle !== null)).toBe(true);
    expect((await orders('superAdmin', 'payment')).data.count).toBeGreaterThan(res.data.count);
  });

  it('totals per currency keep the paid orders (count, amount, fee) apart from those not paid, over the whole filtered set', async () => {
    const all = (await orders('superAdmin', 'payment')).data.list;
    const sums = (await totals('superAdmin', 'payment')).data.list;
    expect(all.some((o) => o.status !== 'paid')).toBe(true);
    expect(sums.reduce((n, t) => n + t.paidCount + t.unpaidCount, 0)).toBe(all.length);
    for (const total of sums) {
      const mine = all.filter((o) => o.symbol === total.symbol && o.chainId === total.chainId);
      const paid = mine.filter((o) => o.status === 'paid');
      const unpaid = mine.filter((o) => o.status !== 'paid');
      expect(total).toEqual({
        chainId: total.chainId,
        symbol: total.symbol,
        paidCount: paid.length,
        paidAmount: sumDecimals(paid.map((o) => o.amount)),
        fee: sumDecimals(paid.map((o) => o.fee)),
        unpaidCount: unpaid.length,
        unpaidAmount: sumDecimals(unpaid.map((o) => o.amount)),
      });
    }
    // Filtered to orders that never paid, nothing counts as received.
    const expired = (await totals('superAdmin', 'payment', { status: 'expired' })).data.list;
    expect(expired.length).toBeGreaterThan(0);
    expect(expired.every((t) => t.paidCount === 0 && t.paidAmount === '0' && t.fee === '0' && t.unpaidCount > 0)).toBe(true);
  });

  it('q finds orders by the start of their number (any case), indexed; %, _ and \\ in it are literal', async () => {
    const all = (await orders('superAdmin', 'payment')).data.list;
    // A day's prefix (PAY + date) that several orders share: the newest day alone may hold one
    // order early in the day (the demo's dates follow the clock), so the busiest day is taken.
    const perDay = new Map<string, number>();
    for (const o of all) perDay.set(o.orderNo.slice(0, 11), (perDay.get(o.orderNo.slice(0, 11)) ?? 0) + 1);
    const prefix = [...perDay].sort((a, b) => b[1] - a[1])[0][0];
    const expected = all
      .filter((o) => o.orderNo.startsWith(prefix))
      .map((o) => o.id)
      .sort((a, b) => a - b);
    expect(expected.length).toBeGreaterThan(1);
    const found = (await orders('superAdmin', 'payment', { q: prefix.toLowerCase() })).data.list.map((o) => o.id).sort((a, b) => a - b);
    expect(found).toEqual(expected);
    expect((await totals('superAdmin', 'payment', { q: prefix })).data.list.reduce((n, t) => n + t.paidCount + t.unpaidCount, 0)).toBe(
      expected.length,
    );
    // Only the start: the number's tail finds nothing.
    expect((await orders('superAdmin', 'payment', { q: all[0].orderNo.slice(3) })).data.count).toBe(0);
    for (const q of ['%', 'PAY%', 'PAY_', '_AY', '\\']) expect((await orders('superAdmin', 'payment', { q })).data.count).toBe(0);

    // The planner can answer a prefix from the index (migration 014), on PGlite and PostgreSQL alike.
    const plan = await server.app.context.db.transaction().execute(async (trx) => {
      await sql`set local enable_seqscan = off`.execute(trx);
      const rows = await sql<{
        'QUERY PLAN': string;
      }>`explain select id from payment_order where lower(order_no) like ${'pay2026%'}`.execute(trx);
      return rows.rows.map((r) => r['QUERY PLAN']).join('\n');
    });
    expect(plan).toContain('payment_order_order_no_prefix_idx');
  });

  it('a merchant’s prefix search stays in its own org: a prefix every order shares finds its own orders only', async () => {
    const own = (await orders('merchantProFinance', 'payment')).data;
    const byPrefix = (await orders('merchantProFinance', 'payment', { q: 'pay' })).data;
    expect(byPrefix.count).toBe(own.count);
    expect(new Set(byPrefix.list.map((o) => o.orgName))).toEqual(new Set(['Aurora Pay (Pro)']));
    const ownTotals = (await totals('merchantProFinance', 'payment', { q: 'pay' })).data.list.reduce(
      (n, t) => n + t.paidCount + t.unpaidCount,
      0,
    );
    expect(ownTotals).toBe(own.count);
  });

  it('filters: status, order number or tx hash (any case), currency, chain, org, and a [from, to) time range', async () => {
    const paid = (await orders('superAdmin', 'payment', { status: 'paid' })).data.list;
    expect(paid.every((o) => o.status === 'paid' && o.txHash)).toBe(true);
    const one = paid[3];
    expect((await orders('superAdmin', 'payment', { q: one.orderNo.toLowerCase() })).data.list.map((o) => o.id)).toEqual([one.id]);
    expect((await orders('superAdmin', 'payment', { q: one.txHash!.toUpperCase() })).data.list.map((o) => o.id)).toEqual([one.id]);
    expect((await orders('superAdmin', 'payment', { symbol: 'usdt' })).data.list.every((o) => o.symbol === 'USDT')).toBe(true);
    expect((await orders('superAdmin', 'payment', { chainId: 728126428 })).data.list.every((o) => o.chainId === 728126428)).toBe(true);
    expect(
      (await orders('superAdmin', 'payment', { orgId: server.orgIds.stdB })).data.list.every((o) => o.orgName === 'Birch Goods (Standard)'),
    ).toBe(true);
    const at = one.createdAt;
    expect(
      (await orders('superAdmin', 'payment', { dateFrom: at, dateTo: new Date(Date.parse(at) + 1).toISOString() })).data.list.map(
        (o) => o.id,
      ),
    ).toContain(one.id);
    expect((await orders('superAdmin', 'payment', { dateTo: at })).data.list.map((o) => o.id)).not.toContain(one.id);
  });

  it('another tenant’s org as a filter finds nothing; agents are outside the route group', async () => {
    expect((await orders('merchantLiteEmployee', 'payment', { orgId: server.orgIds.proA })).data.count).toBe(0);
    expect((await orders('agentManager', 'payment')).code).toBe(403);
    expect((await totals('agentManager', 'recharge')).code).toBe(403);
  });

  it('bad filters are 400s naming the field', async () => {
    for (const [query, field] of <Array<[Query, string]>>[
      [{ dateFrom: 'last week' }, 'dateFrom'],
      [{ status: 'done' }, 'status'],
      [{ sort: 'payerAddress' }, 'sort'],
      [{ orgId: 'abc' }, 'orgId'],
    ]) {
      const res = await orders('superAdmin', 'recharge', query);
      expect(res.code).toBe(400);
      expect(Object.keys(res.data as object)).toContain(field);
    }
  });
});

describe('gas report', () => {
  it('gas per native coin, in scope, with totals that add up', async () => {
    const list = (await get<ListResult<GasReportRecord>>('superAdmin', ApiPath.report.gas.list, { pageSize: 500 })).data.list;
    expect(new Set(list.map((g) => g.symbol))).toEqual(new Set(['ETH', 'TRX']));
    const sums = (await gasTotals('superAdmin')).data.list;
    for (const total of sums) {
      const mine = list.filter((g) => g.symbol === total.symbol && g.chainId === total.chainId);
      expect(total).toEqual({ chainId: total.chainId, symbol: total.symbol, count: mine.length, gas: sumDecimals(mine.map((g) => g.fee)) });
    }
    const one = list[0];
    expect(
      (await get<ListResult<GasReportRecord>>('superAdmin', ApiPath.report.gas.list, { q: one.txHash.toUpperCase() })).data.list.map(
        (g) => g.id,
      ),
    ).toEqual([one.id]);
    const own = (await get<ListResult<GasReportRecord>>('merchantProFinance', ApiPath.report.gas.list, { pageSize: 500, reason: 'sweep' }))
      .data.list;
    expect(own.every((g) => g.orgName === 'Aurora Pay (Pro)' && g.reason === 'sweep')).toBe(true);
  });
});
