import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './harness';
import type { ListResult } from '../../src/contract/envelope';
import type { GasReportRecord, OrderReportRecord, ReportTotal } from '../../src/contract/schemas/report';
import { sumDecimals } from '../../src/pages/home/sumDecimals';

let server: TestServer;
const tokens: Record<string, string> = {};
beforeAll(async () => {
  server = await startTestServer();
  for (const account of ['superAdmin', 'agentManager', 'merchantProFinance', 'merchantLiteEmployee']) tokens[account] = await server.login(account);
});
afterAll(() => server?.close());

type Query = Record<string, string | number>;
const get = <T>(account: string, path: string, query: Query = {}) => server.call<T>('GET', path, { token: tokens[account], query });
const orders = (account: string, kind: string, query: Query = {}) => get<ListResult<OrderReportRecord>>(account, `/sys/report/${kind}/list`, { pageSize: 500, ...query });
const totals = (account: string, kind: string, query: Query = {}) => get<{ list: ReportTotal[] }>(account, `/sys/report/${kind}/totals`, query);

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

  it('totals per currency are the exact sums of the whole filtered set', async () => {
    const query = { status: 'paid' };
    const all = (await orders('superAdmin', 'payment', query)).data.list;
    const sums = (await totals('superAdmin', 'payment', query)).data.list;
    expect(sums.reduce((n, t) => n + t.count, 0)).toBe(all.length);
    for (const total of sums) {
      const mine = all.filter((o) => o.symbol === total.symbol && o.chainId === total.chainId);
      expect(total.count).toBe(mine.length);
      expect(total.amount).toBe(sumDecimals(mine.map((o) => o.amount)));
      expect(total.fee).toBe(sumDecimals(mine.map((o) => o.fee)));
    }
  });

  it('filters: status, order number or tx hash (any case), currency, chain, org, and a [from, to) time range', async () => {
    const paid = (await orders('superAdmin', 'payment', { status: 'paid' })).data.list;
    expect(paid.every((o) => o.status === 'paid' && o.txHash)).toBe(true);
    const one = paid[3];
    expect((await orders('superAdmin', 'payment', { q: one.orderNo.toLowerCase() })).data.list.map((o) => o.id)).toEqual([one.id]);
    expect((await orders('superAdmin', 'payment', { q: one.txHash!.toUpperCase() })).data.list.map((o) => o.id)).toEqual([one.id]);
    expect((await orders('superAdmin', 'payment', { symbol: 'usdt' })).data.list.every((o) => o.symbol === 'USDT')).toBe(true);
    expect((await orders('superAdmin', 'payment', { chainId: 728126428 })).data.list.every((o) => o.chainId === 728126428)).toBe(true);
    expect((await orders('superAdmin', 'payment', { orgId: server.orgIds.stdB })).data.list.every((o) => o.orgName === 'Birch Goods (Standard)')).toBe(true);
    const at = one.createdAt;
    expect((await orders('superAdmin', 'payment', { dateFrom: at, dateTo: new Date(Date.parse(at) + 1).toISOString() })).data.list.map((o) => o.id)).toContain(one.id);
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
    const list = (await get<ListResult<GasReportRecord>>('superAdmin', '/sys/report/gas/list', { pageSize: 500 })).data.list;
    expect(new Set(list.map((g) => g.symbol))).toEqual(new Set(['ETH', 'TRX']));
    const sums = (await totals('superAdmin', 'gas')).data.list;
    for (const total of sums) expect(total.fee).toBe(sumDecimals(list.filter((g) => g.symbol === total.symbol).map((g) => g.fee)));
    const own = (await get<ListResult<GasReportRecord>>('merchantProFinance', '/sys/report/gas/list', { pageSize: 500, reason: 'sweep' })).data.list;
    expect(own.every((g) => g.orgName === 'Aurora Pay (Pro)' && g.reason === 'sweep')).toBe(true);
  });
});
