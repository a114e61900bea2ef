import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getAddress } from 'viem';
import { type TestServer } from './harness';
import { balanceOf, ETH_CHAIN, startSignServer } from './signSupport';
import { ApiPath } from '../../src/contract/apiPaths';
import type { MovementQuote } from '../../src/contract/schemas/movement';
import { GAS_QUOTES } from '../../server/modules/ledger/networkFee';

/** GET /sys/movement/quote: the movement form's balance and fee (docs/DECISIONS.md "Balance and fee on the movement forms"). */
let server: TestServer, wallets: Record<string, number>;

beforeAll(async () => {
  ({ server, wallets } = await startSignServer());
});
afterAll(() => server?.close());

const quote = (account: string, query: Record<string, string | number>) =>
  server.as(account).call<MovementQuote>('GET', ApiPath.movement.quote, { query });
const currency = (symbol: string) =>
  server.app.context.db
    .selectFrom('currency')
    .select(['minWithdraw', 'withdrawFee'])
    .where('chainId', '=', ETH_CHAIN)
    .where('symbol', '=', symbol)
    .executeTakeFirstOrThrow();

describe('the quote', () => {
  it("a withdrawal's: the wallet's spendable balance, the currency's fee and minimum, the gas in the native coin", async () => {
    const wallet = wallets['Birch deposits'];
    const res = await quote('merchantStdFinance', { kind: 'withdraw', walletId: wallet, symbol: 'USDC' });
    expect(res.code).toBe(200);
    const usdc = await currency('USDC');
    expect(res.data).toEqual({
      symbol: 'USDC',
      available: await balanceOf(server, wallet, 'USDC'),
      fee: usdc.withdrawFee,
      minAmount: usdc.minWithdraw,
      gas: { symbol: 'ETH', amount: GAS_QUOTES.evm.contract, available: await balanceOf(server, wallet, 'ETH') },
    });
  });

  it('a transfer charges no fee and has no minimum; in the native coin the gas is a plain transfer', async () => {
    const res = await quote('merchantStdFinance', { kind: 'transfer', walletId: wallets['Birch deposits'], symbol: 'ETH' });
    expect(res.code).toBe(200);
    expect(res.data).toMatchObject({ symbol: 'ETH', fee: '0', minAmount: null, gas: { symbol: 'ETH', amount: GAS_QUOTES.evm.native } });
  });

  it('agrees with the save: an amount over what it shows available is refused, one within it passes', async () => {
    const wallet = wallets['Birch deposits'];
    const { data } = await quote('merchantStdFinance', { kind: 'withdraw', walletId: wallet, symbol: 'USDC' });
    const movements = server.as('merchantStdFinance').resource(ApiPath.movement);
    const to = getAddress('0x2222222222222222222222222222222222222222');
    const over = await movements.save({ kind: 'withdraw', walletId: wallet, to, symbol: 'USDC', amount: data.available, memo: '' });
    // The fee comes on top: the whole balance plus the fee is more than the wallet holds.
    expect(over).toMatchObject({ code: 400, data: { amount: expect.stringContaining(data.available) } });
    const within = await movements.save({ kind: 'withdraw', walletId: wallet, to, symbol: 'USDC', amount: data.minAmount, memo: '' });
    expect(within.code).toBe(200);
  });
});

describe('who may ask (the same as who may save)', () => {
  it("another org's wallet is not found; the operator is refused a merchant's wallet as at the save", async () => {
    const aurora = wallets['Aurora deposits'];
    expect((await quote('merchantStdFinance', { kind: 'withdraw', walletId: aurora, symbol: 'USDT' })).code).toBe(404);
    expect(await quote('superAdmin', { kind: 'withdraw', walletId: aurora, symbol: 'USDT' })).toMatchObject({
      code: 400,
      data: { walletId: expect.any(String) },
    });
  });

  it('a role that may not start the kind is refused (403), and so is a wallet whose own rule refuses the role', async () => {
    // Employees pay nothing out (withdrawals are for managers and finance).
    expect((await quote('merchantStdEmployee', { kind: 'withdraw', walletId: wallets['Birch deposits'], symbol: 'USDC' })).code).toBe(403);
    // Finance may withdraw, but not out of the cold wallet (cold admins only).
    expect(await quote('merchantStdFinance', { kind: 'withdraw', walletId: wallets['Birch cold'], symbol: 'USDC' })).toMatchObject({
      code: 400,
      data: { walletId: expect.any(String) },
    });
  });

  it('bad input is a 400 naming the field, never a 500', async () => {
    const wallet = wallets['Birch deposits'];
    expect(await quote('merchantStdFinance', { kind: 'withdraw', walletId: 'abc', symbol: 'USDC' })).toMatchObject({
      code: 400,
      data: { walletId: expect.any(String) },
    });
    expect(await quote('merchantStdFinance', { kind: 'steal', walletId: wallet, symbol: 'USDC' })).toMatchObject({
      code: 400,
      data: { kind: expect.any(String) },
    });
    expect(await quote('merchantStdFinance', { kind: 'withdraw', walletId: wallet })).toMatchObject({
      code: 400,
      data: { symbol: expect.any(String) },
    });
    expect(await quote('merchantStdFinance', { kind: 'withdraw', walletId: wallet, symbol: 'NOPE' })).toMatchObject({
      code: 400,
      data: { symbol: expect.any(String) },
    });
    expect((await quote('merchantStdFinance', { kind: 'withdraw', walletId: 999999, symbol: 'USDC' })).code).toBe(404);
  });
});
