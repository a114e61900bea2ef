import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './harness';
import type { ListResult } from '../../src/contract/envelope';
import type { DashboardData } from '../../src/contract/schemas/dashboard';
import type { OrderReportRecord } from '../../src/contract/schemas/report';
import { sumDecimals } from '../../src/pages/home/sumDecimals';
import { ApiPath } from '../../src/contract/apiPaths';

let server: TestServer;
const tokens: Record<string, string> = {};
beforeAll(async () => {
  server = await startTestServer();
  for (const account of ['superAdmin', 'agentEmployee', 'merchantProEmployee']) tokens[account] = await server.login(account);
});
afterAll(() => server?.close());

const dashboard = (account: string, days?: number | string) =>
  server.call<DashboardData>('GET', ApiPath.dashboard, { token: tokens[account], query: { days } });
const paidOrders = async (account: string) => {
  const all: OrderReportRecord[] = [];
  for (const kind of ['payment', 'linkpay', 'recharge'] as const) {
    all.push(
      ...(
        await server.call<ListResult<OrderReportRecord>>('GET', ApiPath.report[kind].list, {
          token: tokens[account],
          query: { status: 'paid', pageSize: 500 },
        })
      ).data.list,
    );
  }
  return all;
};

describe('GET /sys/dashboard: paid volume per day and currency', () => {
  it('sums every paid order of the last days in scope, per UTC day and currency', async () => {
    const res = await dashboard('merchantProEmployee', 60);
    expect(res.code).toBe(200);
    const orders = (await paidOrders('superAdmin')).filter(
      (o) => o.orgName === 'Aurora Pay (Pro)' && o.paidAt! >= `${res.data.from}T00:00:00.000Z`,
    );
    expect(res.data.volume.reduce((n, p) => n + p.count, 0)).toBe(orders.length);
    for (const point of res.data.volume) {
      const same = orders.filter((o) => o.paidAt!.slice(0, 10) === point.day && o.symbol === point.symbol && o.chainId === point.chainId);
      expect(point.amount).toBe(sumDecimals(same.map((o) => o.amount)));
    }
  });

  it('covers the requested days up to today; the scope follows the tenancy', async () => {
    const week = (await dashboard('superAdmin', 7)).data;
    const today = new Date().toISOString().slice(0, 10);
    expect(week.to).toBe(today);
    expect(Date.parse(week.to) - Date.parse(week.from)).toBe(6 * 86_400_000);
    expect(week.volume.every((p) => p.day >= week.from && p.day <= week.to)).toBe(true);
    const agent = (await dashboard('agentEmployee', 60)).data.volume.reduce((n, p) => n + p.count, 0);
    const all = (await dashboard('superAdmin', 60)).data.volume.reduce((n, p) => n + p.count, 0);
    expect(agent).toBeGreaterThan(0);
    expect(agent).toBeLessThan(all);
    expect((await dashboard('superAdmin', 'many')).code).toBe(400);
    expect((await dashboard('superAdmin', 400)).code).toBe(400);
  });
});
