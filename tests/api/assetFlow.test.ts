import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './harness';
import type { ListResult } from '../../src/contract/envelope';
import type { AssetFlowRecord } from '../../src/contract/schemas/assetFlow';
import type { ProposalRecord } from '../../src/contract/schemas/sign';
import { ApiPath } from '../../src/contract/apiPaths';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

const flow = (account: string, query: Record<string, string | number> = {}) =>
  server.as(account).call<ListResult<AssetFlowRecord>>('GET', ApiPath.assetFlow.list, { query: { pageSize: 500, ...query } });

describe('GET /sys/asset-flow/list: the ledger of the caller’s wallets', () => {
  it('a merchant reads its own wallets’ entries, newest first, amounts as decimal strings', async () => {
    const res = await flow('merchantProFinance');
    expect(res.code).toBe(200);
    expect(res.data.count).toBeGreaterThan(0);
    expect(new Set(res.data.list.map((e) => e.orgName))).toEqual(new Set(['Aurora Pay (Pro)']));
    const ids = res.data.list.map((e) => e.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    const opening = res.data.list.find((e) => e.walletLabel === 'Aurora cold' && e.symbol === 'USDT' && e.reason === 'initial credit')!;
    expect(opening).toMatchObject({ delta: '120000', balanceAfter: '120000', reason: 'initial credit', proposalId: null });
    const lite = await flow('merchantLiteEmployee');
    expect(new Set(lite.data.list.map((e) => e.orgName))).toEqual(new Set(['Cedar Cafe (Lite)']));
    expect((await flow('superAdmin')).data.count).toBeGreaterThan(res.data.count + lite.data.count);
  });

  it('agents are outside the route group (docs/roles-and-routes.md: all except agent)', async () => {
    expect((await flow('agentManager')).code).toBe(403);
  });

  it('an executed proposal writes its debit with the proposal and tx hash, found by their filters', async () => {
    const queue = await server
      .as('merchantProEmployee')
      .call<ListResult<ProposalRecord>>('GET', ApiPath.sign.list, { query: { state: 'open', sort: 'nonce' } });
    const next = queue.data.list.find((p) => p.isNext && p.status === 'approved')!;
    const confirmed = await server
      .as('merchantProEmployee')
      .call<ProposalRecord>('POST', ApiPath.sign.confirm, { body: { proposalId: next.id } });
    expect(confirmed.code).toBe(200);
    const entries = (await flow('merchantProFinance', { proposalId: next.id, reason: 'proposal' })).data.list;
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ delta: `-${next.amount}`, reason: 'proposal', symbol: next.symbol, walletId: next.walletId });
    expect(entries[0].txHash).toMatch(/^(0x)?[0-9a-f]{64}$/);
    expect(
      (await flow('merchantProFinance', { txHash: entries[0].txHash!.toUpperCase(), reason: 'proposal' })).data.list.map((e) => e.id),
    ).toEqual([entries[0].id]);
  });

  it('filters by wallet, symbol, reason and date; bad values are 400s', async () => {
    const all = (await flow('merchantProFinance')).data.list;
    const usdt = (await flow('merchantProFinance', { symbol: 'usdt' })).data.list;
    expect(usdt.length).toBe(all.filter((e) => e.symbol === 'USDT').length);
    expect((await flow('merchantProFinance', { reason: 'proposal' })).data.list.every((e) => e.reason === 'proposal')).toBe(true);
    expect((await flow('merchantProFinance', { dateTo: '2000-01-01T00:00:00Z' })).data.count).toBe(0);
    const wallet = all[0].walletId;
    expect((await flow('merchantProFinance', { walletId: wallet })).data.list.every((e) => e.walletId === wallet)).toBe(true);
    for (const query of <Record<string, string | number>[]>[
      { walletId: 'x' },
      { dateFrom: 'yesterday' },
      { sort: 'reason' },
      { chainId: -1 },
    ]) {
      expect((await flow('merchantProFinance', query)).code, JSON.stringify(query)).toBe(400);
    }
  });
});
