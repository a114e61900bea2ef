import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './harness';
import { ETH_CHAIN, TRON_CHAIN } from './signSupport';
import { checkAddress, type ChainFamily } from '../../src/contract/address';
import { CONTRACT_ADDRESS_FIELD_NAMES } from '../../src/contract/schemas/contractAddress';
import type { ListResult } from '../../src/contract/envelope';
import type { ChainRecord } from '../../src/contract/schemas/chain';
import type { CurrencyRecord } from '../../src/contract/schemas/currency';
import { ApiPath, withId } from '../../src/contract/apiPaths';

/**
 * A chain's family and a currency's symbol and decimals give meaning to what is stored
 * under them (addresses, hashes, amounts, proposals naming the symbol). An insider with the
 * operator's rights tries to change them anyway, in every way the update API allows.
 */
const LOCKED = 'Cannot change while in use.';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

type Reply = Record<string, string>;
const db = () => server.app.context.db;
const post = <T = Reply>(path: string, body: Record<string, unknown>, headers: Record<string, string> = {}) =>
  server.as('superAdmin').call<T>('POST', path, { body, headers });
const chainDetail = async (id: number) =>
  (await server.as('superAdmin').call<ChainRecord>('GET', ApiPath.chain.detail, { query: { id } })).data;
const currencyDetail = async (id: number) =>
  (await server.as('superAdmin').call<CurrencyRecord>('GET', ApiPath.currency.detail, { query: { id } })).data;
const chainByChainId = async (chainId: number) =>
  (await server.as('superAdmin').call<ListResult<ChainRecord>>('GET', ApiPath.chain.list, { query: { chainId } })).data.list[0];
const currencyOn = async (chainId: number, symbol: string) =>
  (
    await server
      .as('superAdmin')
      .call<ListResult<CurrencyRecord>>('GET', ApiPath.currency.list, { query: { chainId, symbol, pageSize: 100 } })
  ).data.list.find((c) => c.symbol === symbol)!;

let nextChainId = 930_001;
const newChain = async (family: ChainFamily = 'evm') => {
  const res = await post<ChainRecord>(ApiPath.chain.save, {
    chainId: nextChainId++,
    name: `Lock Net ${nextChainId}`,
    family,
    symbol: 'LCK',
    rpcUrl: 'https://rpc.lock.example',
    explorerUrl: 'https://explorer.lock.example',
    confirmations: 3,
  });
  expect(res.code).toBe(200);
  return res.data;
};

let tokenCounter = 0;
const newToken = async (chainId: number, overrides: Record<string, unknown> = {}) => {
  tokenCounter += 1;
  const res = await post<CurrencyRecord>(ApiPath.currency.save, {
    symbol: `LK${tokenCounter}`,
    name: `Lock token ${tokenCounter}`,
    chainId,
    contractAddress: `0x${(0xabc000 + tokenCounter).toString(16).padStart(40, '0')}`,
    decimals: 6,
    legalTender: 'USD',
    minDeposit: '1',
    minWithdraw: '1',
    withdrawFee: '0',
    ...overrides,
  });
  expect(res.code).toBe(200);
  return res.data;
};

/** Every address stored for a chain, read from the tables themselves. */
async function storedAddresses(chainId: number): Promise<string[]> {
  const wallets = (await db().selectFrom('chainWallet').select('address').where('chainId', '=', chainId).execute()).map((r) => r.address);
  const tokens = (await db().selectFrom('currency').select('contractAddress').where('chainId', '=', chainId).execute()).flatMap(
    (r) => r.contractAddress ?? [],
  );
  const deposits = (await db().selectFrom('paymentOrder').select('depositAddress').where('chainId', '=', chainId).execute()).map(
    (r) => r.depositAddress,
  );
  const contracts = await db().selectFrom('contractAddress').selectAll().where('chainId', '=', chainId).execute();
  return [
    ...wallets,
    ...tokens,
    ...deposits,
    ...contracts.flatMap((row) => CONTRACT_ADDRESS_FIELD_NAMES.flatMap((field) => row[field] ?? [])),
  ];
}

/** The stored addresses of a chain that its family, as stored now, would refuse. */
async function addressesThatNoLongerValidate(chainId: number): Promise<string[]> {
  const { family } = await db().selectFrom('chain').select('family').where('chainId', '=', chainId).executeTakeFirstOrThrow();
  return (await storedAddresses(chainId)).filter((address) => !checkAddress(family, address).ok);
}

const count = async (table: 'chainWallet' | 'paymentOrder' | 'proposal', chainId: number) =>
  Number(
    (await db().selectFrom(table).select(db().fn.countAll<string>().as('n')).where('chainId', '=', chainId).executeTakeFirstOrThrow()).n,
  );

describe("a used chain's family", () => {
  it('superAdmin cannot turn the demo EVM chain into TRON: 409 on family, the chain unchanged, every address still valid', async () => {
    const eth = await chainByChainId(ETH_CHAIN);
    expect(eth.family).toBe('evm');
    expect((await storedAddresses(ETH_CHAIN)).length).toBeGreaterThan(10);
    expect(await addressesThatNoLongerValidate(ETH_CHAIN)).toEqual([]);

    const res = await post(ApiPath.chain.update, { id: eth.id, family: 'tron' });
    expect(res.code).toBe(409);
    expect(res.data).toEqual({ family: LOCKED });
    const [wallets, orders, proposals] = await Promise.all([
      count('chainWallet', ETH_CHAIN),
      count('paymentOrder', ETH_CHAIN),
      count('proposal', ETH_CHAIN),
    ]);
    expect(wallets).toBeGreaterThan(1);
    expect(res.msg).toMatch(/^The family of chain Ethereum cannot change: it is used by .+\.$/);
    expect(res.msg).toContain(`${wallets} wallets`);
    expect(res.msg).toContain(`${orders} orders`);
    expect(res.msg).toContain(`${proposals} sign proposals`);

    expect(await chainDetail(eth.id)).toEqual(eth);
    expect(await addressesThatNoLongerValidate(ETH_CHAIN)).toEqual([]);
  });

  it('says why in Chinese too', async () => {
    const eth = await chainByChainId(ETH_CHAIN);
    const res = await post(ApiPath.chain.update, { id: eth.id, family: 'tron' }, { 'accept-language': 'zh-CN' });
    expect(res.code).toBe(409);
    expect(res.msg).toMatch(/^链 Ethereum 的类型不能修改：已有 \d+ 个钱包、.+使用它。$/);
    expect(res.data).toEqual({ family: '使用中，不能修改。' });
  });

  it('the whole record echoed back with the family changed writes nothing, not even the other fields', async () => {
    const tron = await chainByChainId(TRON_CHAIN);
    const res = await post(ApiPath.chain.update, {
      ...tron,
      family: 'evm',
      name: 'Hijacked',
      rpcUrl: 'https://evil.example',
      confirmations: 0,
    });
    expect(res.code).toBe(409);
    expect(res.data).toEqual({ family: LOCKED });
    expect(res.msg).toMatch(/^The family of chain TRON cannot change/);
    expect(await chainDetail(tron.id)).toEqual(tron);
    expect(await addressesThatNoLongerValidate(TRON_CHAIN)).toEqual([]);
  });

  it('sending the same family, or changing only other fields, still works', async () => {
    const eth = await chainByChainId(ETH_CHAIN);
    const same = await post<ChainRecord>(ApiPath.chain.update, {
      ...eth,
      family: 'evm',
      rpcUrl: 'https://eth2.example-rpc.net',
      confirmations: 20,
    });
    expect(same.code).toBe(200);
    expect(same.data).toMatchObject({ family: 'evm', rpcUrl: 'https://eth2.example-rpc.net', confirmations: 20 });
    const others = await post<ChainRecord>(ApiPath.chain.update, {
      id: eth.id,
      name: 'Ethereum Mainnet',
      explorerUrl: 'https://explorer.example',
      enabled: true,
    });
    expect(others.code).toBe(200);
    expect(others.data).toMatchObject({ name: 'Ethereum Mainnet', explorerUrl: 'https://explorer.example', family: 'evm' });
    const back = await post(ApiPath.chain.update, {
      id: eth.id,
      name: eth.name,
      rpcUrl: eth.rpcUrl,
      explorerUrl: eth.explorerUrl,
      confirmations: eth.confirmations,
    });
    expect(back.code).toBe(200);
  });

  it('an unused chain may change family, back and forth; its native coin stores no address', async () => {
    const chain = await newChain('evm');
    await post(ApiPath.currency.save, {
      symbol: 'LCK',
      name: 'Lock coin',
      chainId: chain.chainId,
      contractAddress: null,
      decimals: 18,
      legalTender: 'USD',
      minDeposit: '0',
      minWithdraw: '0',
      withdrawFee: '0',
    });
    const toTron = await post<ChainRecord>(ApiPath.chain.update, { id: chain.id, family: 'tron' });
    expect(toTron.code).toBe(200);
    expect(toTron.data.family).toBe('tron');
    const toEvm = await post<ChainRecord>(ApiPath.chain.update, { id: chain.id, family: 'evm' });
    expect(toEvm.code).toBe(200);
    expect(toEvm.data.family).toBe('evm');
  });

  it('a token, contract addresses or a wallet each lock it on their own (one of each is named in the singular)', async () => {
    const withToken = await newChain();
    await newToken(withToken.chainId);
    const tokenRes = await post(ApiPath.chain.update, { id: withToken.id, family: 'tron' });
    expect(tokenRes).toMatchObject({ code: 409, msg: `The family of chain ${withToken.name} cannot change: it is used by 1 token.` });

    const withContracts = await newChain();
    expect(
      (
        await post(ApiPath.contractAddress.save, {
          chainId: withContracts.chainId,
          hotAddr: `0x${'12'.repeat(20)}`,
          coldAddr: `0x${'34'.repeat(20)}`,
        })
      ).code,
    ).toBe(200);
    const contractRes = await post(ApiPath.chain.update, { id: withContracts.id, family: 'tron' });
    expect(contractRes).toMatchObject({
      code: 409,
      msg: `The family of chain ${withContracts.name} cannot change: it is used by 2 contract addresses.`,
    });
    // Cleared addresses no longer hold it.
    expect((await post(ApiPath.contractAddress.save, { chainId: withContracts.chainId, hotAddr: null, coldAddr: null })).code).toBe(200);
    expect((await post(ApiPath.chain.update, { id: withContracts.id, family: 'tron' })).code).toBe(200);

    const withWallet = await newChain();
    const wallet = await post(ApiPath.chainWallet.save, {
      chainId: withWallet.chainId,
      orgId: server.orgIds.operator,
      kind: 'Hot',
      address: `0x${'56'.repeat(20)}`,
      label: 'lock test',
    });
    expect(wallet.code).toBe(200);
    const walletRes = await post(ApiPath.chain.update, { id: withWallet.id, family: 'tron' });
    expect(walletRes).toMatchObject({
      code: 409,
      msg: `The family of chain ${withWallet.name} cannot change: it is used by 1 wallet.`,
      data: { family: LOCKED },
    });
    expect((await chainDetail(withWallet.id)).family).toBe('evm');
  });

  it('payment records lock it too: orders and chain transfers name addresses and hashes of the family', async () => {
    const chain = await newChain();
    const token = await newToken(chain.chainId);
    await db()
      .insertInto('paymentOrder')
      .values({
        orderNo: `LOCK-${chain.chainId}`,
        orgId: server.orgIds.proA,
        kind: 'payment',
        payLinkId: null,
        chainId: chain.chainId,
        currencyId: token.id,
        amount: '1',
        fee: '0',
        status: 'expired',
        payerAddress: null,
        depositAddress: `0x${'78'.repeat(20)}`,
        txHash: null,
        paidAt: null,
      })
      .execute();
    await db()
      .insertInto('chainTransfer')
      .values({
        chainId: chain.chainId,
        currencyId: token.id,
        toAddress: `0x${'78'.repeat(20)}`,
        fromAddress: `0x${'9a'.repeat(20)}`,
        amount: '1',
        txHash: `0x${'ef'.repeat(32)}`,
        blockTime: new Date(),
      })
      .execute();
    const res = await post(ApiPath.chain.update, { id: chain.id, family: 'tron' });
    expect(res).toMatchObject({
      code: 409,
      msg: `The family of chain ${chain.name} cannot change: it is used by 1 token, 1 order, and 1 chain transfer.`,
    });
    expect(await chainDetail(chain.id)).toEqual(chain);
  });

  it('a change of chain ID is still refused while the chain is used', async () => {
    const eth = await chainByChainId(ETH_CHAIN);
    const res = await post(ApiPath.chain.update, { id: eth.id, chainId: 424242 });
    expect(res).toMatchObject({ code: 409, data: { chainId: LOCKED } });
    expect(await chainDetail(eth.id)).toEqual(eth);
  });

  it('a token saved while the family changes either lands on the old family and blocks the change, or is checked against the new one', async () => {
    for (let round = 0; round < 10; round += 1) {
      const chain = await newChain('evm');
      tokenCounter += 1;
      const [familyChange, tokenSave] = await Promise.all([
        post<ChainRecord>(ApiPath.chain.update, { id: chain.id, family: 'tron' }),
        post<CurrencyRecord>(ApiPath.currency.save, {
          symbol: `RC${tokenCounter}`,
          name: 'Race token',
          chainId: chain.chainId,
          contractAddress: `0x${(0xdef000 + tokenCounter).toString(16).padStart(40, '0')}`,
          decimals: 6,
          legalTender: 'USD',
          minDeposit: '1',
          minWithdraw: '1',
          withdrawFee: '0',
        }),
      ]);
      expect([familyChange.code, tokenSave.code].sort()).toEqual([200, familyChange.code === 200 ? 400 : 409].sort());
      expect(await addressesThatNoLongerValidate(chain.chainId)).toEqual([]);
    }
  });

  it('contract addresses saved while the family changes either block the change or are checked against the new family', async () => {
    for (let round = 0; round < 10; round += 1) {
      const chain = await newChain('evm');
      const [familyChange, contractSave] = await Promise.all([
        post<ChainRecord>(ApiPath.chain.update, { id: chain.id, family: 'tron' }),
        post(ApiPath.contractAddress.save, { chainId: chain.chainId, hotAddr: `0x${'ab'.repeat(20)}` }),
      ]);
      expect([familyChange.code, contractSave.code].sort()).toEqual([200, familyChange.code === 200 ? 400 : 409].sort());
      expect(await addressesThatNoLongerValidate(chain.chainId)).toEqual([]);
    }
  });
});

describe("a used currency's symbol and decimals", () => {
  it('superAdmin cannot rename USDT on Ethereum: 409 on symbol, the currency unchanged', async () => {
    const usdt = await currencyOn(ETH_CHAIN, 'USDT');
    const res = await post(ApiPath.currency.update, { id: usdt.id, symbol: 'USDX' });
    expect(res.code).toBe(409);
    expect(res.data).toEqual({ symbol: LOCKED });
    expect(res.msg).toMatch(/^The symbol of USDT on Ethereum cannot change: it is used by \d+ wallets, .*\d+ orders.*\.$/);
    expect(await currencyDetail(usdt.id)).toEqual(usdt);
  });

  it('nor change its decimals, nor both at once with other fields (nothing is written)', async () => {
    const usdt = await currencyOn(TRON_CHAIN, 'USDT');
    const decimals = await post(ApiPath.currency.update, { id: usdt.id, decimals: 18 });
    expect(decimals).toMatchObject({ code: 409, data: { decimals: LOCKED } });
    expect(decimals.msg).toMatch(/^The decimals of USDT on TRON cannot change: it is used by /);
    const both = await post(ApiPath.currency.update, { ...usdt, symbol: 'USDX', decimals: 2, name: 'Hijacked', withdrawFee: '0' });
    expect(both).toMatchObject({ code: 409, data: { symbol: LOCKED, decimals: LOCKED } });
    expect(both.msg).toMatch(/^The symbol and decimals of USDT on TRON cannot change/);
    expect(await currencyDetail(usdt.id)).toEqual(usdt);
  });

  it('says why in Chinese too', async () => {
    const usdt = await currencyOn(ETH_CHAIN, 'USDT');
    const res = await post(ApiPath.currency.update, { id: usdt.id, symbol: 'USDX', decimals: 8 }, { 'accept-language': 'zh-CN' });
    expect(res.code).toBe(409);
    expect(res.msg).toMatch(/^Ethereum 上 USDT 的符号和精度不能修改：已有 \d+ 个钱包、.+使用它。$/);
    expect(res.data).toEqual({ symbol: '使用中，不能修改。', decimals: '使用中，不能修改。' });
  });

  it('the same symbol and decimals sent back, and other fields, still update', async () => {
    const usdt = await currencyOn(ETH_CHAIN, 'USDT');
    const res = await post<CurrencyRecord>(ApiPath.currency.update, {
      ...usdt,
      name: 'Tether',
      withdrawFee: '1.5',
      minDeposit: '2',
      enabled: false,
    });
    expect(res.code).toBe(200);
    expect(res.data).toMatchObject({ symbol: 'USDT', decimals: 6, name: 'Tether', withdrawFee: '1.5', minDeposit: '2', enabled: false });
    const back = await post(ApiPath.currency.update, {
      id: usdt.id,
      name: usdt.name,
      withdrawFee: usdt.withdrawFee,
      minDeposit: usdt.minDeposit,
      enabled: true,
    });
    expect(back.code).toBe(200);
  });

  it('an unused currency may change symbol and decimals', async () => {
    const token = await newToken(ETH_CHAIN);
    const res = await post<CurrencyRecord>(ApiPath.currency.update, { id: token.id, symbol: 'FRESH', decimals: 18 });
    expect(res.code).toBe(200);
    expect(res.data).toMatchObject({ symbol: 'FRESH', decimals: 18 });
  });

  it('a money movement or a chain transfer alone locks it, and keeps it from being deleted', async () => {
    const token = await newToken(ETH_CHAIN);
    await db()
      .insertInto('chainTransfer')
      .values({
        chainId: ETH_CHAIN,
        currencyId: token.id,
        toAddress: `0x${'bc'.repeat(20)}`,
        fromAddress: `0x${'de'.repeat(20)}`,
        amount: '3',
        txHash: `0x${'a1'.repeat(32)}`,
        blockTime: new Date(),
      })
      .execute();
    const res = await post(ApiPath.currency.update, { id: token.id, symbol: 'MOVED' });
    expect(res).toMatchObject({
      code: 409,
      msg: `The symbol of ${token.symbol} on Ethereum cannot change: it is used by 1 chain transfer.`,
      data: { symbol: LOCKED },
    });
    const del = await post(withId(ApiPath.currency.delete, token.id), {});
    expect(del).toMatchObject({
      code: 409,
      msg: 'This currency has money movements or chain transfers on record, so it cannot be deleted or changed that way.',
    });
    expect(await currencyDetail(token.id)).toEqual(token);
  });
});
