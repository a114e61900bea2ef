import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodeFunctionData, erc20Abi, getAddress, parseUnits, type Address, type Hex } from 'viem';
import type { TestServer } from './harness';
import { balanceOf, ETH_CHAIN, signClient, verifyLedger } from './signSupport';
import { readChainUpTo, startDepositServer } from './chainSupport';
import { newApiKey } from './apiKeySupport';
import { devnetAccount, type Devnet } from '../../server/chain/evm/devnet';
import { ApiPath, withId } from '../../src/contract/apiPaths';
import { BodyCode, type Envelope } from '../../src/contract/envelope';
import type { MerchantOrderRecordInput } from '../../src/contract/schemas/merchantOrder';
import type { OrderRepairView } from '../../src/contract/schemas/orderRepair';

// The order repair's re-credit of an order with an address of its own whose amount arrived in parts,
// the last after its expiry: paid late (docs/payments.md "Order states"), credited once from all of
// its transfers, as the deposit watcher credits one paid in time (docs/DECISIONS.md "Re-crediting an
// order paid late in parts").
let server: TestServer;
let devnet: Devnet;
let usdt: { id: number; contractAddress: Address; decimals: number };
let writeKey: string;
const customer = devnetAccount('a customer paying an order in parts');
const reason = 'Paid in two parts, the last after the expiry; checked on the explorer.';

beforeAll(async () => {
  ({ server, devnet, usdt } = await startDepositServer(customer.address));
  writeKey = await newApiKey(server, 'merchantProManager', ['orders:write', 'orders:read']);
}, 120_000);
afterAll(() => server?.close());

const ok = <T>(answer: Envelope<T>): T => {
  expect(answer).toMatchObject({ code: BodyCode.ok });
  return answer.data;
};
const withKey = () => ({ headers: { authorization: `Bearer ${writeKey}` } });
const read = async (id: number) => ok(await server.call<MerchantOrderRecordInput>('GET', withId(ApiPath.merchant.order, id), withKey()));
const recredit = (account: string, body: { orderId: number; txHash: string }) =>
  server.as(account).call<OrderRepairView>('POST', ApiPath.orderRepair.recredit, { body: { ...body, reason } });
const walletOf = async (address: string) =>
  (
    await server.db
      .selectFrom('chainWallet')
      .select('id')
      .where('chainId', '=', ETH_CHAIN)
      .where('address', '=', address)
      .executeTakeFirstOrThrow()
  ).id;
const entriesOf = (walletId: number) =>
  server.db.selectFrom('ledgerEntry').select(['reason', 'delta', 'txHash']).where('walletId', '=', walletId).orderBy('id').execute();
const balanced = async () => expect(await verifyLedger(server, signClient(server))).toMatchObject({ balanced: true, breaks: [] });

/** A USDT transfer from the customer to `to`, read by the deposit watcher: its hash and its block's time. */
async function pay(to: string, amount: string): Promise<{ txHash: Hex; at: Date }> {
  const sent = await devnet.send(customer, {
    to: usdt.contractAddress,
    data: encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [getAddress(to), parseUnits(amount, usdt.decimals)] }),
  });
  const { timestamp } = await devnet.client.getBlock({ blockNumber: sent.receipt.blockNumber });
  await readChainUpTo(server, ETH_CHAIN, await devnet.client.getBlockNumber());
  return { txHash: sent.hash, at: new Date(Number(timestamp) * 1000) };
}

/**
 * The order's expiry moved to `at` (a block's time: a transfer in that block came in time, any later one
 * late), and the server's clock past it if the chain's clock runs ahead of ours.
 */
async function expireAt(orderId: number, at: Date) {
  await server.db.updateTable('paymentOrder').set({ expiresAt: at }).where('id', '=', orderId).execute();
  const ahead = at.getTime() - server.now().getTime();
  if (ahead >= 0) server.advanceClock(ahead + 1000);
}

/**
 * An API order of `amount` USDT paid late in `parts`: the first `inTime` of them before its expiry, the
 * rest after. Answers the order, its parts' hashes and its deposit wallet.
 */
async function paidInParts(amount: string, parts: string[], inTime: number) {
  const order = ok(
    await server.call<MerchantOrderRecordInput>('POST', ApiPath.merchant.orders, {
      ...withKey(),
      body: { amount, currency: 'USDT', chainId: ETH_CHAIN },
    }),
  );
  const hashes: Hex[] = [];
  const head = await devnet.client.getBlock();
  let expiry = new Date(Number(head.timestamp) * 1000);
  for (const [index, part] of parts.entries()) {
    if (index === inTime) await expireAt(order.id, expiry);
    const paid = await pay(order.depositAddress, part);
    hashes.push(paid.txHash);
    expiry = paid.at;
  }
  if (inTime >= parts.length) await expireAt(order.id, expiry);
  return { order, hashes, walletId: await walletOf(order.depositAddress) };
}

/** The order's `payment` credits. */
const creditsOf = (orderId: number) =>
  server.db.selectFrom('ledgerEntry').select(['delta', 'txHash']).where('orderId', '=', orderId).where('reason', '=', 'payment').execute();

describe('re-crediting an order paid late in parts', () => {
  it('one part in time, one after the expiry: paid late, then paid once by the repair, its balance where it was', async () => {
    const { order, hashes, walletId } = await paidInParts('10', ['4', '6'], 1);
    expect(await read(order.id)).toMatchObject({ status: 'paid_late', received: '10', txHash: null });
    // Its stored status is still pending; the repair reads it as what it is: expired, so the form offers the credit.
    const found = ok(
      await server.as('operatorEmployee').call<OrderRepairView>('GET', ApiPath.orderRepair.order, { query: { q: order.orderNo } }),
    );
    expect(found.order.status).toBe('expired');
    const before = await balanceOf(server, walletId, 'USDT');
    // Any one of its transfers names it: here the part that came in time.
    const repaired = ok(await recredit('operatorEmployee', { orderId: order.id, txHash: hashes[0] }));
    expect(repaired.order).toMatchObject({ status: 'paid', txHash: hashes[0], payerAddress: customer.address });
    expect(repaired.repairs).toEqual([
      expect.objectContaining({ action: 'recredit', previousStatus: 'expired', newStatus: 'paid', txHash: hashes[0], reason }),
    ]);
    expect(await read(order.id)).toMatchObject({ status: 'paid', received: '10', missing: '0', excess: '0', txHash: hashes[0] });
    expect(await creditsOf(order.id)).toEqual([{ delta: '10', txHash: hashes[0] }]);
    // The parts' deposits gave the amount up to the credit, under the hash that names it: each transaction's entries still add up to what it delivered.
    expect(await entriesOf(walletId)).toEqual([
      { reason: 'deposit', delta: '4', txHash: hashes[0] },
      { reason: 'deposit', delta: '6', txHash: hashes[1] },
      { reason: 'payment', delta: '10', txHash: hashes[0] },
      { reason: 'deposit', delta: '-10', txHash: hashes[0] },
    ]);
    expect(await balanceOf(server, walletId, 'USDT')).toBe(before);
    await balanced();
  });

  it('both parts after the expiry: the same, named by the last part', async () => {
    const { order, hashes, walletId } = await paidInParts('8', ['3', '5.5'], 0);
    expect(await read(order.id)).toMatchObject({ status: 'paid_late', received: '8.5' });
    const before = await balanceOf(server, walletId, 'USDT');
    expect(ok(await recredit('superAdmin', { orderId: order.id, txHash: hashes[1] })).order).toMatchObject({
      status: 'paid',
      txHash: hashes[1],
    });
    expect(await creditsOf(order.id)).toEqual([{ delta: '8', txHash: hashes[1] }]);
    // What came beyond the amount stays a deposit of the address: the excess, kept for refund.
    expect(await read(order.id)).toMatchObject({ status: 'overpaid', received: '8.5', excess: '0.5' });
    expect(await balanceOf(server, walletId, 'USDT')).toBe(before);
    await balanced();
  });

  it('transfers short of the amount in all are a 409 in words, and nothing is written; a hash not paid to the order is refused', async () => {
    const { order, hashes, walletId } = await paidInParts('10', ['4', '5'], 1);
    expect(await read(order.id)).toMatchObject({ status: 'expired', received: '9' });
    const entries = await entriesOf(walletId);
    const short = await recredit('superAdmin', { orderId: order.id, txHash: hashes[1] });
    expect(short.code).toBe(BodyCode.conflict);
    expect(short.msg).toBe("The transfers into the order's own address delivered 9 USDT in all, less than the order's 10 USDT.");
    // Another address's payment names nothing of this order's.
    const elsewhere = await pay(devnetAccount('an address of nobody here').address, '10');
    expect(await recredit('superAdmin', { orderId: order.id, txHash: elsewhere.txHash })).toMatchObject({
      code: BodyCode.conflict,
      data: { txHash: "Not a payment into this order's address on the chain." },
    });
    expect(await read(order.id)).toMatchObject({ status: 'expired', txHash: null, paidAt: null });
    expect(await entriesOf(walletId)).toEqual(entries);
    expect(await server.db.selectFrom('orderRepair').select('id').where('orderId', '=', order.id).execute()).toEqual([]);
    await balanced();
  });

  it('two operators crediting it at once, each with another of its transfers, credit it once', async () => {
    const { order, hashes } = await paidInParts('7', ['2', '5'], 1);
    const race = await Promise.all([
      recredit('superAdmin', { orderId: order.id, txHash: hashes[0] }),
      recredit('operatorEmployee', { orderId: order.id, txHash: hashes[1] }),
    ]);
    expect(race.map((answer) => answer.code).sort()).toEqual([BodyCode.ok, BodyCode.conflict]);
    expect(await creditsOf(order.id)).toEqual([{ delta: '7', txHash: expect.stringMatching(new RegExp(`^(${hashes.join('|')})$`)) }]);
    await balanced();
  });

  it('a transfer after the repair is a deposit of the address: the order overpaid by it', async () => {
    const { order, hashes, walletId } = await paidInParts('6', ['1', '5'], 1);
    ok(await recredit('superAdmin', { orderId: order.id, txHash: hashes[1] }));
    const before = await balanceOf(server, walletId, 'USDT');
    const third = await pay(order.depositAddress, '2.5');
    expect(await read(order.id)).toMatchObject({ status: 'overpaid', received: '8.5', excess: '2.5', txHash: hashes[1] });
    expect((await entriesOf(walletId)).at(-1)).toEqual({ reason: 'deposit', delta: '2.5', txHash: third.txHash });
    expect(await creditsOf(order.id)).toEqual([{ delta: '6', txHash: hashes[1] }]);
    expect(Number(await balanceOf(server, walletId, 'USDT'))).toBe(Number(before) + 2.5);
    await balanced();
  });
});
