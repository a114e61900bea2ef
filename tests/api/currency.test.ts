import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './harness';
import { fund } from './signSupport';
import { demoCurrencies } from '../../server/db/seed/demoData';
import { LEGAL_TENDERS } from '../../server/db/migrations/041_legal_tenders';
import type { ListResult } from '../../src/contract/envelope';
import type { CurrencyRecord, LegalTenderRecord } from '../../src/contract/schemas/currency';
import { ApiPath, withId } from '../../src/contract/apiPaths';

const ETH_CHAIN = 1;
const TRON_CHAIN = 728126428;
const DAI = '0x6B175474E89094C44Da98b954EedeAC495271d0F';
const USDT_ETH = '0xdAC17F958D2ee523a2206206994597C13D831ec7';
const USDC_TRON = 'TEkxiTehnzSmSe2XqrBj4w32RUN966rdz8';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

type Query = Record<string, string | number | boolean | undefined>;
const list = (query: Query = {}, account = 'superAdmin') =>
  server
    .as(account)
    .resource(ApiPath.currency)
    .list({ pageSize: 100, ...query });
const all = async () => (await list()).data.list;
const find = async (chainId: number, symbol: string) => (await all()).find((c) => c.chainId === chainId && c.symbol === symbol);
const detail = (id: number) => server.as('superAdmin').resource(ApiPath.currency).detail(id);
const save = (body: Record<string, unknown>, account = 'superAdmin') =>
  server.as(account).call<CurrencyRecord & Record<string, string>>('POST', ApiPath.currency.save, { body });
const update = (body: Record<string, unknown>, account = 'superAdmin') =>
  server.as(account).call<CurrencyRecord & Record<string, string>>('POST', ApiPath.currency.update, { body });
const remove = (id: number | string, account = 'superAdmin') => server.as(account).resource(ApiPath.currency).remove(id);

const dai = (overrides: Record<string, unknown> = {}) => ({
  symbol: 'DAI',
  name: 'Dai Stablecoin',
  chainId: ETH_CHAIN,
  contractAddress: DAI,
  decimals: 18,
  legalTender: 'USD',
  minDeposit: '1',
  minWithdraw: '10',
  withdrawFee: '0.5',
  enabled: true,
  ...overrides,
});

let symbolCounter = 0;
/** A token with a fresh symbol and contract, for tests that need one of their own. */
const freshToken = (overrides: Record<string, unknown> = {}) => {
  symbolCounter += 1;
  return dai({
    symbol: `TK${symbolCounter}`,
    name: `Token ${symbolCounter}`,
    contractAddress: `0x${symbolCounter.toString(16).padStart(40, '0')}`,
    ...overrides,
  });
};

describe('reading currencies', () => {
  it('every signed-in role lists them, amounts as decimal strings', async () => {
    for (const account of ['superAdmin', 'agentManager', 'merchantStdEmployee']) {
      const res = await list({}, account);
      expect(res.code).toBe(200);
      expect(res.data.count).toBe(demoCurrencies.length);
    }
    const eth = await find(ETH_CHAIN, 'ETH');
    expect(eth).toMatchObject({
      name: 'Ether',
      contractAddress: null,
      decimals: 18,
      legalTender: 'USD',
      minDeposit: '0.001',
      minWithdraw: '0.01',
      withdrawFee: '0.002',
      enabled: true,
    });
    expect(typeof eth!.id).toBe('number');
  });

  it('is 401 without a session', async () => {
    expect((await server.call('GET', ApiPath.currency.list)).code).toBe(401);
  });

  it('filters by chainId, symbol (contains, any case), enabled and ids', async () => {
    const onEth = (await list({ chainId: ETH_CHAIN })).data.list;
    expect(onEth.map((c) => c.symbol).sort()).toEqual(
      demoCurrencies
        .filter((c) => c.chainId === ETH_CHAIN)
        .map((c) => c.symbol)
        .sort(),
    );
    const usd = (await list({ symbol: 'usd' })).data.list.map((c) => c.symbol).sort();
    expect(usd).toEqual(['USDC', 'USDT', 'USDT']);
    expect((await list({ symbol: 'usdt', chainId: TRON_CHAIN })).data.list).toHaveLength(1);
    expect((await list({ enabled: false })).data.count).toBe(0);
    const ids = onEth.slice(0, 2).map((c) => c.id);
    const byIds = (await list({ ids: ids.join(',') })).data.list.map((c) => c.id).sort((a, b) => a - b);
    expect(byIds).toEqual([...ids].sort((a, b) => a - b));
  });

  it('sorts and pages', async () => {
    const res = await list({ sort: 'symbol', order: 'desc', page: 1, pageSize: 2 });
    expect(res.data.count).toBe(demoCurrencies.length);
    expect(res.data.list).toHaveLength(2);
    expect(res.data.list[0].symbol >= res.data.list[1].symbol).toBe(true);
  });

  it('refuses a bad ids filter and page size', async () => {
    const res = await server
      .as('superAdmin')
      .call<Record<string, string>>('GET', ApiPath.currency.list, { query: { ids: '1,x', pageSize: 501 } });
    expect(res.code).toBe(400);
    expect(res.data.ids).toBe('Must be a positive whole number.');
    expect(res.data.pageSize).toBe('Must be at most 500.');
  });

  it('detail answers one currency; unknown is 404', async () => {
    const usdt = await find(TRON_CHAIN, 'USDT');
    const res = await server.as('merchantStdEmployee').call<CurrencyRecord>('GET', ApiPath.currency.detail, { query: { id: usdt!.id } });
    expect(res.data).toEqual(usdt);
    expect(await detail(999999)).toMatchObject({ code: 404, msg: 'Currency was not found.' });
  });

  it('lists the legal tenders', async () => {
    const res = await server.as('merchantProManager').call<ListResult<LegalTenderRecord>>('GET', ApiPath.currency.legalTenderList);
    expect(res.code).toBe(200);
    expect(res.data.count).toBe(LEGAL_TENDERS.length);
    expect(res.data.list).toContainEqual({ code: 'USD', name: 'US Dollar' });
    expect(res.data.list.map((t) => t.code)).toEqual(LEGAL_TENDERS.map((t) => t.code).sort());
  });

  it('lists the well-known symbols not yet on a chain', async () => {
    const res = await server
      .as('superAdmin')
      .call<ListResult<{ symbol: string; name: string }>>('GET', ApiPath.currency.symbolAvailable, { query: { chainId: ETH_CHAIN } });
    expect(res.code).toBe(200);
    const symbols = res.data.list.map((s) => s.symbol);
    expect(symbols).toContain('DAI');
    expect(symbols).toContain('TRX');
    for (const taken of ['ETH', 'USDT', 'USDC']) expect(symbols).not.toContain(taken);
    expect(res.data.count).toBe(symbols.length);
    // Each with the name and decimals the console fills in when one is picked.
    expect(res.data.list).toContainEqual({ symbol: 'DAI', name: 'Dai Stablecoin', decimals: 18 });
    const tron = await server
      .as('superAdmin')
      .call<ListResult<{ symbol: string }>>('GET', ApiPath.currency.symbolAvailable, { query: { chainId: TRON_CHAIN } });
    expect(tron.data.list.map((s) => s.symbol)).toContain('USDC');
    expect(tron.data.list.map((s) => s.symbol)).not.toContain('TRX');
  });

  it('available symbols: unknown chain is 404, missing chainId 400', async () => {
    const unknown = await server.as('superAdmin').call('GET', ApiPath.currency.symbolAvailable, { query: { chainId: 424242 } });
    expect(unknown).toMatchObject({ code: 404, msg: 'Chain was not found.' });
    const missing = await server.as('superAdmin').call<Record<string, string>>('GET', ApiPath.currency.symbolAvailable);
    expect(missing.code).toBe(400);
    expect(missing.data.chainId).toBeTruthy();
  });
});

describe('saving a currency', () => {
  it('saves an EVM token and stores its address checksummed', async () => {
    const res = await save(dai({ contractAddress: DAI.toLowerCase() }));
    expect(res.code).toBe(200);
    expect(res.data).toMatchObject({ ...dai(), contractAddress: DAI });
    expect((await detail(res.data.id)).data).toEqual(res.data);
    const available = await server
      .as('superAdmin')
      .call<ListResult<{ symbol: string }>>('GET', ApiPath.currency.symbolAvailable, { query: { chainId: ETH_CHAIN } });
    expect(available.data.list.map((s) => s.symbol)).not.toContain('DAI');
  });

  it('saves a TRON token with a base58check address', async () => {
    const res = await save(dai({ symbol: 'USDC', name: 'USD Coin', chainId: TRON_CHAIN, contractAddress: USDC_TRON, decimals: 6 }));
    expect(res.code).toBe(200);
    expect(res.data.contractAddress).toBe(USDC_TRON);
  });

  it('keeps amounts exactly as decimal strings, up to the currency decimals', async () => {
    const res = await save(
      freshToken({ decimals: 18, minDeposit: '0.000000000000000001', minWithdraw: '123456789012345678901234567890.5', withdrawFee: '0' }),
    );
    expect(res.code).toBe(200);
    expect(res.data).toMatchObject({
      minDeposit: '0.000000000000000001',
      minWithdraw: '123456789012345678901234567890.5',
      withdrawFee: '0',
    });
  });

  it('a native coin has no contract address (null, absent or empty)', async () => {
    // A fresh chain without a native coin yet.
    const chain = await server.as('superAdmin').call<{ chainId: number }>('POST', ApiPath.chain.save, {
      body: {
        chainId: 137,
        name: 'Polygon',
        family: 'evm',
        symbol: 'POL',
        rpcUrl: 'https://polygon.example',
        explorerUrl: 'https://polygonscan.com',
        confirmations: 64,
      },
    });
    expect(chain.code).toBe(200);
    const { contractAddress: _none, ...body } = dai({ symbol: 'POL', name: 'Polygon', chainId: 137 });
    const res = await save(body);
    expect(res.code).toBe(200);
    expect(res.data.contractAddress).toBeNull();
    const second = await save(dai({ symbol: 'MATIC', chainId: 137, contractAddress: '' }));
    expect(second.code).toBe(409);
    expect(second.msg).toBe('This chain already has its native coin (POL).');
    expect(second.data).toEqual({ contractAddress: 'The native coin (POL) exists: enter the token contract address.' });
  });

  it('a symbol already on the chain is 409 with a field message; nothing saved', async () => {
    const before = await all();
    const res = await save(dai({ symbol: 'USDT', contractAddress: '0x1111111111111111111111111111111111111111' }));
    expect(res.code).toBe(409);
    expect(res.msg).toBe('USDT already exists on this chain.');
    expect(res.data).toEqual({ symbol: 'Already in use.' });
    expect(await all()).toEqual(before);
  });

  it('the same symbol on another chain is fine', async () => {
    const res = await save(
      dai({
        symbol: 'ETH',
        name: 'Bridged Ether',
        chainId: TRON_CHAIN,
        contractAddress: 'THb4CqiFdwNHsWsQCs4JhzwjMWys4aqCbF',
        decimals: 18,
      }),
    );
    expect(res.code).toBe(200);
  });

  it('a contract already on the chain is 409, whatever its letter case', async () => {
    const res = await save(freshToken({ contractAddress: USDT_ETH.toLowerCase() }));
    expect(res.code).toBe(409);
    expect(res.msg).toBe('A currency with this contract address already exists on this chain.');
    expect(res.data).toEqual({ contractAddress: 'Already in use.' });
  });

  it('an unknown chain and an unknown legal tender are 400 field errors', async () => {
    const res = await save(freshToken({ chainId: 424242, legalTender: 'XYZ' }));
    expect(res.code).toBe(400);
    expect(res.data).toEqual({ chainId: 'Does not exist.', legalTender: 'Does not exist.' });
  });

  const invalid: Array<[string, Record<string, unknown>, string, string]> = [
    ['symbol missing', { symbol: undefined }, 'symbol', 'Required.'],
    ['symbol lower case', { symbol: 'dai' }, 'symbol', 'Use 1 to 16 capital letters or digits (A–Z, 0–9).'],
    ['symbol with a dash', { symbol: 'USD-T' }, 'symbol', 'Use 1 to 16 capital letters or digits (A–Z, 0–9).'],
    ['symbol of 17', { symbol: 'A'.repeat(17) }, 'symbol', 'Use 1 to 16 capital letters or digits (A–Z, 0–9).'],
    ['name empty', { name: '' }, 'name', 'Required.'],
    ['chainId as text', { chainId: 'one' }, 'chainId', 'Must be a number.'],
    ['decimals over 36', { decimals: 37 }, 'decimals', 'Must be at most 36.'],
    ['decimals negative', { decimals: -1 }, 'decimals', 'Must be at least 0.'],
    ['decimals fractional', { decimals: 1.5 }, 'decimals', 'Must be a whole number.'],
    ['legalTender missing', { legalTender: undefined }, 'legalTender', 'Required.'],
    ['minDeposit as a JS number', { minDeposit: 1 }, 'minDeposit', 'Send amounts as decimal strings such as "1.5", not as numbers.'],
    ['minDeposit negative', { minDeposit: '-1' }, 'minDeposit', 'Must be a decimal number of 0 or more, such as "0.5".'],
    ['minDeposit with exponent', { minDeposit: '1e5' }, 'minDeposit', 'Must be a decimal number of 0 or more, such as "0.5".'],
    ['minDeposit not a number', { minDeposit: 'ten' }, 'minDeposit', 'Must be a decimal number of 0 or more, such as "0.5".'],
    ['minDeposit with a bare point', { minDeposit: '1.' }, 'minDeposit', 'Must be a decimal number of 0 or more, such as "0.5".'],
    ['minWithdraw too precise', { decimals: 6, minWithdraw: '0.0000001' }, 'minWithdraw', 'At most 6 decimal places.'],
    ['withdrawFee too precise for 0 decimals', { decimals: 0, withdrawFee: '0.5' }, 'withdrawFee', 'At most 0 decimal places.'],
    ['withdrawFee missing', { withdrawFee: undefined }, 'withdrawFee', 'Required.'],
    ['enabled not boolean', { enabled: 'true' }, 'enabled', 'Must be a boolean.'],
    ['EVM address too short', { contractAddress: '0x1234' }, 'contractAddress', 'Not a valid EVM address.'],
    [
      'EVM address with a wrong checksum',
      { contractAddress: '0x6b175474E89094C44Da98b954EedeAC495271d0F' },
      'contractAddress',
      'The address checksum is wrong (EIP-55 mixed case).',
    ],
    ['TRON address on an EVM chain', { contractAddress: USDC_TRON }, 'contractAddress', 'Not a valid EVM address.'],
    ['EVM address on the TRON chain', { chainId: TRON_CHAIN, contractAddress: DAI }, 'contractAddress', 'Not a valid TRON address.'],
    [
      'TRON address with a wrong checksum',
      { chainId: TRON_CHAIN, contractAddress: 'TEkxiTehnzSmSe2XqrBj4w32RUN966rdz9' },
      'contractAddress',
      'Not a valid TRON address.',
    ],
  ];
  it.each(invalid)('%s → 400 with the field message, nothing saved', async (_label, change, field, message) => {
    const before = (await list()).data.count;
    const res = await save(freshToken(change));
    expect(res.code).toBe(400);
    expect(res.msg).toBe('Some fields are not valid.');
    expect(res.data[field]).toBe(message);
    expect((await list()).data.count).toBe(before);
  });

  it('accepts trailing zeros beyond the decimals ("1.50" with 1 decimal)', async () => {
    const res = await save(freshToken({ decimals: 1, minDeposit: '1.50', minWithdraw: '2', withdrawFee: '0.0' }));
    expect(res.code).toBe(200);
  });
});

describe('updating a currency', () => {
  it('changes only the fields sent and accepts the whole record echoed back', async () => {
    const created = (await save(freshToken())).data;
    const res = await update({ id: created.id, name: 'Renamed', withdrawFee: '0.25', enabled: false });
    expect(res.code).toBe(200);
    expect(res.data).toMatchObject({ ...created, name: 'Renamed', withdrawFee: '0.25', enabled: false, updatedAt: expect.any(String) });
    const echoed = await update({ ...res.data, name: 'Echoed' });
    expect(echoed.code).toBe(200);
    expect(echoed.data.name).toBe('Echoed');
    expect(echoed.data.contractAddress).toBe(created.contractAddress);
  });

  it('checks amounts against the decimals the record will have', async () => {
    const eth = await find(ETH_CHAIN, 'ETH');
    const res = await update({ id: eth!.id, decimals: 2 });
    expect(res.code).toBe(400);
    expect(res.data).toEqual({ minDeposit: 'At most 2 decimal places.', withdrawFee: 'At most 2 decimal places.' });
    expect((await detail(eth!.id)).data).toEqual(eth);
  });

  it('a symbol taken on the chain is 409; an invalid address 400; unknown id 404', async () => {
    const created = (await save(freshToken())).data;
    const taken = await update({ id: created.id, symbol: 'USDC' });
    expect(taken.code).toBe(409);
    expect(taken.data).toEqual({ symbol: 'Already in use.' });
    const bad = await update({ id: created.id, contractAddress: '0xnope' });
    expect(bad.code).toBe(400);
    expect(bad.data).toEqual({ contractAddress: 'Not a valid EVM address.' });
    expect((await detail(created.id)).data).toEqual(created);
    expect(await update({ id: 999999, name: 'x' })).toMatchObject({ code: 404, msg: 'Currency was not found.' });
  });

  it('moving a token to a chain of another family re-checks its address', async () => {
    const created = (await save(freshToken())).data;
    const res = await update({ id: created.id, chainId: TRON_CHAIN });
    expect(res.code).toBe(400);
    expect(res.data).toEqual({ contractAddress: 'Not a valid TRON address.' });
  });
});

describe('a currency in use', () => {
  /** A wallet holding the currency, written directly (wallets have no API in this module) and funded through the ledger. */
  async function holdInWallet(currency: CurrencyRecord) {
    const wallet = await server.app.context.db
      .insertInto('chainWallet')
      .values({
        chainId: currency.chainId,
        orgId: server.orgIds.operator,
        kind: 'Hot',
        address: `0x${'ab'.repeat(20)}`,
        label: 'usage test',
        threshold: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await fund(server, wallet.id, currency.id, '5');
  }

  it('cannot be deleted nor change chain, contract or decimals; other fields may change', async () => {
    const created = (await save(freshToken())).data;
    await holdInWallet(created);
    const del = await remove(created.id);
    expect(del).toMatchObject({ code: 409, msg: 'This currency is held by wallets, so it cannot be deleted or changed that way.' });
    const locked = await update({ id: created.id, decimals: 6, contractAddress: '0x2222222222222222222222222222222222222222' });
    expect(locked.code).toBe(409);
    expect(locked.data).toEqual({ decimals: 'Cannot change while in use.', contractAddress: 'Cannot change while in use.' });
    expect((await detail(created.id)).data).toEqual(created);
    // The same address in other letter case is no change.
    const renamed = await update({
      id: created.id,
      name: 'Still here',
      contractAddress: created.contractAddress!.toUpperCase().replace('0X', '0x'),
    });
    expect(renamed.code).toBe(200);
    // Its ledger entries are history: the currency stays, in use, for good.
    expect((await remove(created.id)).code).toBe(409);
  });
});

describe('a currency with payment orders', () => {
  it('is refused with a message naming payments, and stays', async () => {
    const created = (await save(freshToken())).data;
    const db = server.app.context.db;
    const order = await db
      .insertInto('paymentOrder')
      .values({
        orderNo: `USAGE-${created.id}`,
        orgId: server.orgIds.proA,
        kind: 'payment',
        payLinkId: null,
        chainId: created.chainId,
        currencyId: created.id,
        amount: '1',
        fee: '0',
        status: 'expired',
        payerAddress: null,
        depositAddress: `0x${'cd'.repeat(20)}`,
        txHash: null,
        paidAt: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    expect(await remove(created.id)).toMatchObject({
      code: 409,
      msg: 'This currency is used by payment orders, pay links or gas records, so it cannot be deleted or changed that way.',
    });
    expect((await detail(created.id)).code).toBe(200);
    await db.deleteFrom('paymentOrder').where('id', '=', order.id).execute();
    expect((await remove(created.id)).code).toBe(200);
  });
});

describe('deleting a currency', () => {
  it('deletes an unused currency and answers the record it was', async () => {
    const created = (await save(freshToken())).data;
    const res = await remove(created.id);
    expect(res.code).toBe(200);
    expect(res.data).toEqual(created);
    expect((await detail(created.id)).code).toBe(404);
  });

  it('an unknown id is 404, a non-id 400', async () => {
    expect(await remove(999999)).toMatchObject({ code: 404, msg: 'Currency was not found.' });
    const res = await server.as('superAdmin').call<Record<string, string>>('POST', withId(ApiPath.currency.delete, 0));
    expect(res.code).toBe(400);
    expect(res.data.id).toBe('Must be a positive whole number.');
  });
});

describe('only the operator row writes', () => {
  it.each(['agentManager', 'merchantProManager', 'merchantStdEmployee'])(
    '%s gets 403 for save, update and delete, and nothing changes',
    async (account) => {
      const before = await all();
      const usdt = before.find((c) => c.symbol === 'USDT')!;
      expect(await save(freshToken(), account)).toMatchObject({ code: 403, msg: 'Your role is not allowed to do this.' });
      expect((await update({ id: usdt.id, withdrawFee: '0' }, account)).code).toBe(403);
      expect((await remove(usdt.id, account)).code).toBe(403);
      expect(await all()).toEqual(before);
    },
  );
});
