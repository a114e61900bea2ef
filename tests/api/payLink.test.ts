import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './harness';
import type { ListResult } from '../../src/contract/envelope';
import type { PayLinkRecord } from '../../src/contract/schemas/payLink';
import { ApiPath, withId } from '../../src/contract/apiPaths';

let server: TestServer;
const tokens: Record<string, string> = {};
let usdtEth = 0;
let ethId = 0;
beforeAll(async () => {
  server = await startTestServer();
  for (const account of [
    'superAdmin',
    'agentManager',
    'merchantProManager',
    'merchantProFinance',
    'merchantProEmployee',
    'merchantStdManager',
  ])
    tokens[account] = await server.login(account);
  const currencies = await server.app.context.db
    .selectFrom('currency')
    .select(['id', 'symbol', 'chainId'])
    .where('chainId', '=', 1)
    .execute();
  usdtEth = currencies.find((c) => c.symbol === 'USDT')!.id;
  ethId = currencies.find((c) => c.symbol === 'ETH')!.id;
});
afterAll(() => server?.close());

const list = (account: string, query: Record<string, string | number> = {}) =>
  server.call<ListResult<PayLinkRecord>>('GET', ApiPath.payLink.list, { token: tokens[account], query: { pageSize: 100, ...query } });
const save = (account: string, body: Record<string, unknown>) =>
  server.call<PayLinkRecord>('POST', ApiPath.payLink.save, { token: tokens[account], body });
const update = (account: string, body: Record<string, unknown>) =>
  server.call<PayLinkRecord>('POST', ApiPath.payLink.update, { token: tokens[account], body });
const remove = (account: string, id: number) =>
  server.call<PayLinkRecord>('POST', withId(ApiPath.payLink.delete, id), { token: tokens[account] });

describe('pay links', () => {
  it('the seeded links carry their paid orders; each merchant reads its own', async () => {
    const own = (await list('merchantProEmployee')).data.list;
    expect(own.length).toBeGreaterThan(0);
    expect(own.every((l) => l.orgName === 'Aurora Pay (Pro)')).toBe(true);
    const plan = own.find((l) => l.title === 'Monthly plan')!;
    expect(plan).toMatchObject({ amount: '49.9', symbol: 'USDT', chainId: 1, enabled: true });
    expect(plan.paidTotal).toBe((Math.round(plan.paidCount * 49.9 * 10) / 10).toString().replace(/\.0$/, ''));
    expect((await list('agentManager')).code).toBe(403);
  });

  it('finance creates a link with a fixed amount, or none (the payer chooses); decimals are checked', async () => {
    const fixed = await save('merchantProFinance', { title: 'Ticket', chainId: 1, currencyId: usdtEth, amount: '12.5' });
    expect(fixed.code).toBe(200);
    expect(fixed.data).toMatchObject({
      title: 'Ticket',
      amount: '12.5',
      orgName: 'Aurora Pay (Pro)',
      paidCount: 0,
      paidTotal: '0',
      enabled: true,
    });
    expect(fixed.data.code).toMatch(/^[A-Za-z0-9_-]{11}$/);
    const open = await save('merchantProFinance', { title: 'Tip jar', chainId: 1, currencyId: ethId, amount: '' });
    expect(open.data.amount).toBeNull();
    expect((await save('merchantProFinance', { title: 'Too fine', chainId: 1, currencyId: usdtEth, amount: '1.1234567' })).data).toEqual({
      amount: 'At most 6 decimal places.',
    });
    expect((await save('merchantProFinance', { title: 'Wrong chain', chainId: 728126428, currencyId: usdtEth })).data).toEqual({
      currencyId: 'Does not exist.',
    });
    expect((await save('merchantProFinance', { title: '', chainId: 1, currencyId: usdtEth, amount: '-1' })).data).toMatchObject({
      title: 'Required.',
      amount: expect.any(String),
    });
    expect((await save('merchantProEmployee', { title: 'No', chainId: 1, currencyId: usdtEth })).code).toBe(403);
  });

  it('edits and deletes only its own org’s links; a link with orders is disabled, not deleted', async () => {
    const mine = (await save('merchantProManager', { title: 'Spare', chainId: 1, currencyId: usdtEth, amount: '5' })).data;
    // What an update does not name stays as it was.
    expect((await update('merchantProManager', { id: mine.id, title: 'Spare 1' })).data).toMatchObject({ title: 'Spare 1', amount: '5' });
    expect((await update('merchantProManager', { id: mine.id, title: 'Spare 2', amount: null, enabled: false })).data).toMatchObject({
      title: 'Spare 2',
      amount: null,
      enabled: false,
    });
    expect((await update('merchantStdManager', { id: mine.id, title: 'Hijack' })).code).toBe(404);
    expect((await remove('merchantProManager', mine.id)).code).toBe(200);
    expect((await remove('merchantProManager', mine.id)).code).toBe(404);
    const used = (await list('merchantProManager')).data.list.find((l) => l.paidCount > 0)!;
    expect((await remove('merchantProManager', used.id)).code).toBe(409);
    expect((await list('superAdmin', { orgId: server.orgIds.proA })).data.list.map((l) => l.id)).toContain(used.id);
    // Read-only for the operator: it sees every link but writes none.
    expect((await update('superAdmin', { id: used.id, enabled: false })).code).toBe(403);
  });
});
