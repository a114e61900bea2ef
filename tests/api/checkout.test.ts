import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodeFunctionData, erc20Abi, getAddress, parseUnits, type Address } from 'viem';
import type { TestServer } from './harness';
import { ETH_CHAIN, signClient, verifyLedger } from './signSupport';
import { readChainUpTo, startDepositServer } from './chainSupport';
import { devnetAccount, type Devnet } from '../../server/chain/evm/devnet';
import { ApiPath, withId } from '../../src/contract/apiPaths';
import { BodyCode, type Envelope } from '../../src/contract/envelope';
import type { CheckoutOrder, CheckoutPayLink } from '../../src/contract/schemas/checkout';

// The payer's side (docs/payments.md "Checkout", "Order states"): pay links start orders with addresses
// of their own; what arrives at an order's address makes it underpaid, paid, overpaid or paid late, with
// the books balanced; the devnet's faucet; nothing of the merchant or of other orders shows.
let server: TestServer;
let devnet: Devnet;
let usdt: { id: number; contractAddress: Address; decimals: number };
const payer = devnetAccount('a payer on the checkout page');

beforeAll(async () => {
  ({ server, devnet, usdt } = await startDepositServer(payer.address));
}, 120_000);
afterAll(() => server?.close());

let linkSeq = 0;
async function newLink(amount: string | null, enabled = true): Promise<string> {
  const code = `test-link-${++linkSeq}`;
  await server.db
    .insertInto('payLink')
    .values({ orgId: server.orgIds.proA, code, title: `Link ${linkSeq}`, currencyId: usdt.id, amount, enabled })
    .execute();
  return code;
}
const ok = <T>(answer: Envelope<T>): T => {
  expect(answer).toMatchObject({ code: BodyCode.ok });
  return answer.data;
};
const startOrder = (code: string, body: Record<string, unknown> = {}) =>
  server.call<{ checkoutCode: string }>('POST', ApiPath.checkout.payLinkOrder.replace('{code}', code), { body });
const view = (code: string) => server.call<CheckoutOrder>('GET', ApiPath.checkout.order.replace('{code}', code));
async function orderFor(amount: string): Promise<CheckoutOrder & { code: string }> {
  const { checkoutCode } = ok(await startOrder(await newLink(amount)));
  return { ...ok(await view(checkoutCode)), code: checkoutCode };
}
async function pay(to: string, amount: string) {
  await devnet.send(payer, {
    to: usdt.contractAddress,
    data: encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [getAddress(to), parseUnits(amount, usdt.decimals)] }),
  });
  await readChainUpTo(server, ETH_CHAIN, await devnet.client.getBlockNumber());
}
const balanced = async () => expect(await verifyLedger(server, signClient(server))).toMatchObject({ balanced: true, breaks: [] });

describe('pay links start orders', () => {
  it('a fixed link: the payer sees its title, merchant and amount, and gets an order with an address of its own', async () => {
    const code = await newLink('10');
    const link = ok(await server.call<CheckoutPayLink>('GET', ApiPath.checkout.payLink.replace('{code}', code)));
    expect(link).toEqual({
      title: expect.any(String),
      merchantName: expect.any(String),
      amount: '10',
      currency: 'USDT',
      decimals: usdt.decimals,
      chainId: ETH_CHAIN,
      chainName: expect.any(String),
    });
    const first = ok(await startOrder(code));
    const second = ok(await startOrder(code));
    const [a, b] = [ok(await view(first.checkoutCode)), ok(await view(second.checkoutCode))];
    expect(a.depositAddress).not.toBe(b.depositAddress);
    expect(a).toMatchObject({
      state: 'pending',
      amount: '10',
      received: '0',
      missing: '10',
      excess: '0',
      currency: 'USDT',
      mode: 'devnet',
      canSimulatePayment: false,
    });
    // The chain id a wallet signs for on the devnet (docs/chains.md "Paying into the devnet").
    expect(a.walletChainId).toBe(900_000_000 + ETH_CHAIN);
    expect(a.paymentUri).toBe(
      `ethereum:${usdt.contractAddress}@${a.walletChainId}/transfer?address=${a.depositAddress}&uint256=${parseUnits('10', usdt.decimals)}`,
    );
    expect(a.amountUnits).toBe(parseUnits('10', usdt.decimals).toString());
    // Nothing of the merchant but its name, nothing that names other records.
    expect(Object.keys(a).sort()).toEqual(
      [
        'amount',
        'amountUnits',
        'canSimulatePayment',
        'chainId',
        'chainName',
        'contractAddress',
        'currency',
        'decimals',
        'depositAddress',
        'excess',
        'expiresAt',
        'family',
        'merchantName',
        'missing',
        'mode',
        'now',
        'orderNo',
        'paidAt',
        'paymentUri',
        'received',
        'state',
        'walletChainId',
        'txHash',
      ].sort(),
    );
  });

  it('an open link takes the payer’s amount within the currency’s decimals; bad input and unknown links make nothing', async () => {
    const code = await newLink(null);
    const count = async () =>
      (
        await server.db
          .selectFrom('paymentOrder')
          .select((eb) => eb.fn.countAll<string>().as('n'))
          .executeTakeFirstOrThrow()
      ).n;
    const before = await count();
    expect(await startOrder(code)).toMatchObject({ code: BodyCode.badRequest, data: { amount: expect.any(String) } });
    expect(await startOrder(code, { amount: '1.1234567' })).toMatchObject({
      code: BodyCode.badRequest,
      data: { amount: expect.any(String) },
    });
    expect(await startOrder(code, { amount: 5 })).toMatchObject({ code: BodyCode.badRequest });
    expect(await startOrder(await newLink('3', false))).toMatchObject({ code: BodyCode.notFound });
    expect(await startOrder('no-such-link')).toMatchObject({ code: BodyCode.notFound });
    expect(await startOrder('bad code!')).toMatchObject({ code: BodyCode.notFound });
    expect(await count()).toBe(before);
    const { checkoutCode } = ok(await startOrder(code, { amount: '7.5' }));
    expect(ok(await view(checkoutCode))).toMatchObject({ amount: '7.5', state: 'pending' });
  });

  it('an order is reached by its checkout code only: not by its id, not by a guess', async () => {
    const order = await orderFor('2');
    const row = await server.db
      .selectFrom('paymentOrder')
      .select('id')
      .where('depositAddress', '=', order.depositAddress)
      .executeTakeFirstOrThrow();
    expect(await view(String(row.id))).toMatchObject({ code: BodyCode.notFound });
    expect(await view(`${order.code.slice(0, -1)}x`)).toMatchObject({ code: BodyCode.notFound });
    // The merchant API's order read needs a key, whatever the id.
    expect(await server.call('GET', withId(ApiPath.merchant.order, row.id))).toMatchObject({ code: BodyCode.unauthorized });
  });
});

describe('what arrives at an order’s address', () => {
  it('part of it is underpaid with what is missing; a top-up pays it once; the books balance', async () => {
    const order = await orderFor('10');
    await pay(order.depositAddress, '4');
    expect(ok(await view(order.code))).toMatchObject({
      state: 'underpaid',
      received: '4',
      missing: '6',
      amountUnits: parseUnits('6', usdt.decimals).toString(),
    });
    await pay(order.depositAddress, '6');
    expect(ok(await view(order.code))).toMatchObject({
      state: 'paid',
      received: '10',
      missing: '0',
      excess: '0',
      paidAt: expect.any(String),
    });
    const credits = await server.db
      .selectFrom('ledgerEntry')
      .select(['reason', 'delta'])
      .where('reason', '=', 'payment')
      .where('orderId', 'in', server.db.selectFrom('paymentOrder').select('id').where('depositAddress', '=', order.depositAddress))
      .execute();
    expect(credits).toEqual([{ reason: 'payment', delta: '10' }]);
    await balanced();
  });

  it('more than the amount is overpaid, the excess kept as a deposit of the address', async () => {
    const order = await orderFor('10');
    await pay(order.depositAddress, '12.5');
    expect(ok(await view(order.code))).toMatchObject({ state: 'overpaid', received: '12.5', missing: '0', excess: '2.5' });
    await pay(order.depositAddress, '1');
    expect(ok(await view(order.code))).toMatchObject({ state: 'overpaid', received: '13.5', excess: '3.5' });
    await balanced();
  });

  it('the amount after the expiry is paid late, not paid', async () => {
    server.advanceClock(-2 * 3_600_000);
    const order = await orderFor('5');
    server.advanceClock(2 * 3_600_000);
    expect(ok(await view(order.code)).state).toBe('expired');
    await pay(order.depositAddress, '5');
    expect(ok(await view(order.code))).toMatchObject({ state: 'paid_late', received: '5', paidAt: null, txHash: null });
    await balanced();
  });
});

describe('the devnet’s faucet', () => {
  it('gives a payer gas and what the order needs; a closed order or a bad address gets nothing', async () => {
    const order = await orderFor('3');
    const wallet = devnetAccount('a payer with an empty wallet');
    const answer = ok(
      await server.call<{ txHashes: string[] }>('POST', ApiPath.checkout.faucet.replace('{code}', order.code), {
        body: { address: wallet.address },
      }),
    );
    expect(answer.txHashes).toHaveLength(2);
    const held = await devnet.client.readContract({
      address: usdt.contractAddress,
      abi: erc20Abi,
      functionName: 'balanceOf',
      args: [wallet.address],
    });
    expect(held).toBe(parseUnits('3', usdt.decimals));
    expect(await server.call('POST', ApiPath.checkout.faucet.replace('{code}', order.code), { body: { address: 'nope' } })).toMatchObject({
      code: BodyCode.badRequest,
    });
    await pay(order.depositAddress, '3');
    expect(
      await server.call('POST', ApiPath.checkout.faucet.replace('{code}', order.code), { body: { address: wallet.address } }),
    ).toMatchObject({ code: BodyCode.conflict });
  });
});
