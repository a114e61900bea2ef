import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './harness';
import { ETH_CHAIN, TRON_CHAIN, currencyIdOf, signClient, verifyLedger } from './signSupport';
import { ApiPath } from '../../src/contract/apiPaths';
import { BodyCode, type Envelope } from '../../src/contract/envelope';
import type { CheckoutOrder } from '../../src/contract/schemas/checkout';

// A simulated TRON payment (docs/payments.md "Paying on the devnet"): in devnet mode a TRON order's payer
// simulates a payment into its address, booked as the deposit watcher books one it read, so parts make it
// underpaid, the one that completes it pays it once and more is its excess, with the books balanced.
// Nothing else takes one: an EVM order (paid on its devnet), a closed order, a bad amount, a platform
// on real networks.
let server: TestServer;
let tronUsdt: number;
let ethUsdt: number;

beforeAll(async () => {
  server = await startTestServer();
  [tronUsdt, ethUsdt] = [await currencyIdOf(server, TRON_CHAIN, 'USDT'), await currencyIdOf(server, ETH_CHAIN, 'USDT')];
}, 120_000);
afterAll(() => server?.close());

const ok = <T>(answer: Envelope<T>): T => {
  expect(answer).toMatchObject({ code: BodyCode.ok });
  return answer.data;
};

let seq = 0;
/** An order of Aurora Pay (proA) through a pay link of its own for `amount` of `currencyId`: its checkout code. */
async function orderOf(on: TestServer, currencyId: number, amount: string): Promise<string> {
  const code = `tron-link-${++seq}`;
  await on.db
    .insertInto('payLink')
    .values({ orgId: on.orgIds.proA, code, title: `Link ${seq}`, currencyId, amount })
    .execute();
  return ok(await on.call<{ checkoutCode: string }>('POST', ApiPath.checkout.payLinkOrder.replace('{code}', code), { body: {} }))
    .checkoutCode;
}
const view = (code: string, on = server) => on.call<CheckoutOrder>('GET', ApiPath.checkout.order.replace('{code}', code));
// Each call from a client address of its own: the limit per address (5 a minute) is not what these tests count.
const simulate = (code: string, body: Record<string, unknown>, on = server) =>
  on.call<{ txHash: string }>('POST', ApiPath.checkout.simulatePayment.replace('{code}', code), {
    body,
    remoteAddress: `10.45.0.${++seq}`,
  });
const transfersInto = async (code: string) =>
  server.db
    .selectFrom('chainTransfer')
    .innerJoin('paymentOrder', (join) =>
      join.onRef('paymentOrder.chainId', '=', 'chainTransfer.chainId').onRef('paymentOrder.depositAddress', '=', 'chainTransfer.toAddress'),
    )
    .select([
      'chainTransfer.chainId',
      'chainTransfer.fromAddress',
      'chainTransfer.txHash',
      'chainTransfer.amount',
      'chainTransfer.blockNumber',
    ])
    .where('paymentOrder.checkoutCode', '=', code)
    .orderBy('chainTransfer.id')
    .execute();
const countOf = async (table: 'chainTransfer' | 'ledgerEntry') =>
  (
    await server.db
      .selectFrom(table)
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow()
  ).n;
/** What a refused call must leave as it was: the transfers and the ledger's entries. */
const rowCounts = async () => ({ transfers: await countOf('chainTransfer'), entries: await countOf('ledgerEntry') });
const balanced = async () => expect(await verifyLedger(server, signClient(server))).toMatchObject({ balanced: true, breaks: [] });

const TRON_ADDRESS = /^T[1-9A-HJ-NP-Za-km-z]{33}$/;

describe('a simulated payment into a TRON order’s address', () => {
  it('a TRON order offers it in devnet mode; part of the amount is underpaid, a top-up pays it once', async () => {
    const code = await orderOf(server, tronUsdt, '10');
    expect(ok(await view(code))).toMatchObject({ state: 'pending', family: 'tron', mode: 'simulated', canSimulatePayment: true });
    const first = ok(await simulate(code, { amount: '4' }));
    expect(first.txHash).toMatch(/^[0-9a-f]{64}$/);
    expect(ok(await view(code))).toMatchObject({ state: 'underpaid', received: '4', missing: '6', amountUnits: '6000000' });
    const second = ok(await simulate(code, { amount: '6' }));
    expect(ok(await view(code))).toMatchObject({
      state: 'paid',
      received: '10',
      missing: '0',
      excess: '0',
      paidAt: expect.any(String),
      txHash: second.txHash,
    });
    // As the watcher records a transfer it read: on the chain's (simulated) head, from a payer's TRON address.
    const transfers = await transfersInto(code);
    expect(transfers).toEqual([
      { chainId: TRON_CHAIN, fromAddress: expect.stringMatching(TRON_ADDRESS), txHash: first.txHash, amount: '4', blockNumber: 0 },
      { chainId: TRON_CHAIN, fromAddress: expect.stringMatching(TRON_ADDRESS), txHash: second.txHash, amount: '6', blockNumber: 0 },
    ]);
    const order = await server.db
      .selectFrom('paymentOrder')
      .select(['id', 'status', 'payerAddress'])
      .where('checkoutCode', '=', code)
      .executeTakeFirstOrThrow();
    expect(order).toMatchObject({ status: 'paid', payerAddress: transfers[1].fromAddress });
    const credits = await server.db.selectFrom('ledgerEntry').select(['reason', 'delta']).where('orderId', '=', order.id).execute();
    expect(credits).toEqual([{ reason: 'payment', delta: '10' }]);
    await balanced();
  });

  it('more than the amount is overpaid, the excess kept as a deposit of the address; a closed order takes no more', async () => {
    const code = await orderOf(server, tronUsdt, '10');
    ok(await simulate(code, { amount: '12.5' }));
    expect(ok(await view(code))).toMatchObject({ state: 'overpaid', received: '12.5', missing: '0', excess: '2.5' });
    const before = await rowCounts();
    expect(await simulate(code, { amount: '1' })).toMatchObject({ code: BodyCode.conflict });
    expect(await rowCounts()).toEqual(before);
    expect(ok(await view(code))).toMatchObject({ state: 'overpaid', received: '12.5' });
    await balanced();
  });

  it('a paid order and an expired one take none', async () => {
    const paid = await orderOf(server, tronUsdt, '3');
    ok(await simulate(paid, { amount: '3' }));
    server.advanceClock(-2 * 3_600_000);
    const expired = await orderOf(server, tronUsdt, '5');
    server.advanceClock(2 * 3_600_000);
    expect(ok(await view(expired)).state).toBe('expired');
    const before = await rowCounts();
    for (const code of [paid, expired]) {
      expect(await simulate(code, { amount: '1' })).toMatchObject({
        code: BodyCode.conflict,
        msg: 'This order takes no more payments: nothing was simulated.',
      });
    }
    expect(await rowCounts()).toEqual(before);
    await balanced();
  });

  it('a bad amount is refused naming the amount, and writes nothing', async () => {
    const code = await orderOf(server, tronUsdt, '10');
    const before = await rowCounts();
    // USDT on TRON has 6 decimals.
    for (const amount of ['1.1234567', '0', '0.000', '-1', 'ten', 5, '']) {
      expect(await simulate(code, { amount }), `amount ${JSON.stringify(amount)}`).toMatchObject({
        code: BodyCode.badRequest,
        data: { amount: expect.any(String) },
      });
    }
    expect(await simulate(code, {})).toMatchObject({ code: BodyCode.badRequest, data: { amount: expect.any(String) } });
    expect(await rowCounts()).toEqual(before);
    expect(ok(await view(code))).toMatchObject({ state: 'pending', received: '0' });
  });

  it('an EVM order is paid on its devnet (the faucet), never simulated; an unknown code is not found', async () => {
    const code = await orderOf(server, ethUsdt, '10');
    expect(ok(await view(code))).toMatchObject({ mode: 'devnet', canSimulatePayment: false });
    const before = await rowCounts();
    expect(await simulate(code, { amount: '10' })).toMatchObject({
      code: BodyCode.conflict,
      msg: expect.stringContaining('simulated network'),
    });
    expect(await simulate('no-such-order', { amount: '10' })).toMatchObject({ code: BodyCode.notFound });
    expect(await rowCounts()).toEqual(before);
    expect(ok(await view(code))).toMatchObject({ state: 'pending', received: '0' });
  });
});

describe('outside devnet mode', () => {
  let rpc: TestServer;
  beforeAll(async () => {
    rpc = await startTestServer({ config: { chainMode: 'rpc' } });
  }, 120_000);
  afterAll(() => rpc?.close());

  it('a TRON order is not offered a simulated payment, and one asked for is refused, writing nothing', async () => {
    const code = await orderOf(rpc, await currencyIdOf(rpc, TRON_CHAIN, 'USDT'), '10');
    expect(ok(await view(code, rpc))).toMatchObject({ mode: 'simulated', canSimulatePayment: false });
    expect(await simulate(code, { amount: '10' }, rpc)).toMatchObject({
      code: BodyCode.conflict,
      msg: 'Payments are simulated in devnet mode only: this platform is on real networks.',
    });
    expect(await rpc.db.selectFrom('chainTransfer').select('id').where('blockNumber', 'is not', null).execute()).toEqual([]);
    expect(ok(await view(code, rpc))).toMatchObject({ state: 'pending', received: '0' });
  });
});
