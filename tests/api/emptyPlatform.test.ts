import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './harness';
import { createFirstOperator } from '../../server/modules/account/firstOperator';
import { DEFAULT_BRAND } from '../../server/modules/brand/service';
import type { ListResult } from '../../src/contract/envelope';
import type { ChainRecord } from '../../src/contract/schemas/chain';
import { ApiPath } from '../../src/contract/apiPaths';
import { LEGAL_TENDERS } from '../../server/db/migrations/041_legal_tenders';

/** A platform on its first day: no demo data, one operator, made as `npm run operator:create` makes it. */
let server: TestServer;
let operator: string;
const PASSWORD = 'First@Day1';

beforeAll(async () => {
  server = await startTestServer({ seed: false });
  await createFirstOperator(server.db, { account: 'founder', name: 'Founder', password: PASSWORD });
  operator = await server.login('founder', PASSWORD);
});
afterAll(() => server?.close());

const chainBody = (chainId: number, isDefault: boolean) => ({
  chainId,
  name: `Chain ${chainId}`,
  family: 'evm',
  symbol: 'ETH',
  rpcUrl: 'https://rpc.example',
  explorerUrl: 'https://explorer.example',
  confirmations: 1,
  isDefault,
});

describe('an empty platform', () => {
  it('answers a default brand before one is configured', async () => {
    const res = await server.call('GET', ApiPath.brand.get);
    expect(res).toMatchObject({ code: 200, data: DEFAULT_BRAND });
  });

  it('the first brand update creates it', async () => {
    const brand = { brandName: 'Day One', favicon: '', logo: '/uploads/logo.png', logoDarkMode: '' };
    expect((await server.call('POST', ApiPath.brand.update, { token: operator, body: brand })).code).toBe(200);
    expect((await server.call('GET', ApiPath.brand.get)).data).toEqual(brand);
    expect(await server.app.context.db.selectFrom('brandConfig').select('id').execute()).toHaveLength(1);
  });

  it('lists no chains or currencies, and the legal tenders a currency names (reference data, not demo data)', async () => {
    for (const path of [ApiPath.chain.list, ApiPath.currency.list]) {
      const res = await server.call<ListResult<unknown>>('GET', path, { token: operator });
      expect(res, path).toMatchObject({ code: 200, data: { list: [], count: 0 } });
    }
    const tenders = await server.call<ListResult<{ code: string }>>('GET', ApiPath.currency.legalTenderList, { token: operator });
    expect(tenders.data.list.map((t) => t.code)).toEqual(LEGAL_TENDERS.map((t) => t.code).sort());
  });

  it('the first chain ever becomes the default, whatever isDefault says; the next does not', async () => {
    const first = await server.call<ChainRecord>('POST', ApiPath.chain.save, { token: operator, body: chainBody(11155111, false) });
    expect(first.code).toBe(200);
    expect(first.data.isDefault).toBe(true);
    const second = await server.call<ChainRecord>('POST', ApiPath.chain.save, { token: operator, body: chainBody(17000, false) });
    expect(second.data.isDefault).toBe(false);
    const list = await server.call<ListResult<ChainRecord>>('GET', ApiPath.chain.list, { token: operator });
    expect(list.data.list.filter((c) => c.isDefault).map((c) => c.chainId)).toEqual([11155111]);
  });

  it('a currency needs a legal tender that exists', async () => {
    const res = await server.call<Record<string, string>>('POST', ApiPath.currency.save, {
      token: operator,
      body: {
        symbol: 'ETH',
        name: 'Ether',
        chainId: 11155111,
        decimals: 18,
        legalTender: 'XAU',
        minDeposit: '0',
        minWithdraw: '0',
        withdrawFee: '0',
      },
    });
    expect(res.code).toBe(400);
    expect(res.data).toEqual({ legalTender: 'Does not exist.' });
  });
});
