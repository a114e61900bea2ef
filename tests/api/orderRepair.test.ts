import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { startTestServer, type TestServer } from './harness';
import type { ListResult } from '../../src/contract/envelope';
import type { OrderRepairView } from '../../src/contract/schemas/orderRepair';
import type { OrderReportRecord } from '../../src/contract/schemas/report';
import type { LedgerVerifyResult } from '../../src/contract/schemas/ledger';
import { devnetAccount } from '../../server/chain/evm/devnet';
import { payOnChain, readChainUpTo } from './chainSupport';
import { balanceOf, units } from './signSupport';
import { ApiPath } from '../../src/contract/apiPaths';

let server: TestServer;
const tokens: Record<string, string> = {};
beforeAll(async () => {
  server = await startTestServer();
  for (const account of ['superAdmin', 'operatorEmployee', 'agentManager', 'merchantProFinance', 'merchantLiteEmployee'])
    tokens[account] = await server.login(account);
});
afterAll(() => server?.close());

const lookUp = (account: string, q: string) =>
  server.call<OrderRepairView>('GET', ApiPath.orderRepair.order, { token: tokens[account], query: { q } });
const recredit = (account: string, body: Record<string, unknown>) =>
  server.call<OrderRepairView>('POST', ApiPath.orderRepair.recredit, { token: tokens[account], body });
const ordersWith = async (status: string, chainId = 1) =>
  (
    await server.call<ListResult<OrderReportRecord>>('GET', ApiPath.report.payment.list, {
      token: tokens.superAdmin,
      query: { status, chainId, pageSize: 500 },
    })
  ).data.list;
const evmHash = (n: number) => `0x${n.toString(16).padStart(64, 'a')}`;
const db = () => server.app.context.db;
const verify = async () => (await server.call<LedgerVerifyResult>('GET', ApiPath.ledger.verify, { token: tokens.superAdmin })).data;
const walletAt = async (address: string) =>
  (await db().selectFrom('chainWallet').select('id').where('chainId', '=', 1).where('address', '=', address).executeTakeFirstOrThrow()).id;
let seq = 0;

/** An expired USDT order of Aurora Pay on Ethereum, at a new deposit wallet of its own unless one is given. */
async function newExpiredOrder(amount: string, depositAddress?: string) {
  const usdt = await db()
    .selectFrom('currency')
    .select('id')
    .where('chainId', '=', 1)
    .where('symbol', '=', 'USDT')
    .executeTakeFirstOrThrow();
  const address = depositAddress ?? devnetAccount(`repair test deposits ${++seq}`).address;
  if (!depositAddress)
    await db()
      .insertInto('chainWallet')
      .values({ chainId: 1, orgId: server.orgIds.proA, kind: 'Hot', address, label: `Repair deposits ${seq}`, threshold: null })
      .execute();
  return db()
    .insertInto('paymentOrder')
    .values({
      orderNo: `REP${++seq}`,
      orgId: server.orgIds.proA,
      kind: 'payment',
      chainId: 1,
      currencyId: usdt.id,
      amount,
      fee: '0',
      status: 'expired',
      depositAddress: address,
      createdAt: new Date(Date.now() - 86_400_000),
    })
    .returning(['id', 'depositAddress'])
    .executeTakeFirstOrThrow();
}

describe('order repair', () => {
  it('looks an order up by number or tx hash in scope; another tenant’s is not found', async () => {
    const [paid] = await ordersWith('paid');
    const byNo = await lookUp('superAdmin', paid.orderNo.toLowerCase());
    expect(byNo.data.order.id).toBe(paid.id);
    expect(byNo.data.repairs).toEqual([]);
    expect((await lookUp('superAdmin', paid.txHash!.toUpperCase())).data.order.id).toBe(paid.id);
    const foreign = paid.orgName === 'Cedar Cafe (Lite)' ? null : paid;
    if (foreign) expect((await lookUp('merchantLiteEmployee', foreign.orderNo)).code).toBe(404);
    expect((await lookUp('agentManager', paid.orderNo)).code).toBe(403);
    expect((await lookUp('superAdmin', '')).code).toBe(400);
  });

  it('the operator re-credits an expired order with the transaction that paid it on chain and a reason, in the audit log; the balance was already there', async () => {
    const [expired] = await ordersWith('expired');
    const paid = await payOnChain(
      server,
      1,
      expired.depositAddress,
      expired.symbol,
      expired.amount,
      devnetAccount('late payer of the repair test').address,
    );
    await readChainUpTo(server, 1, paid.blockNumber);
    const wallet = await walletAt(expired.depositAddress);
    // Read while the order was expired: the money is in the wallet's books already, as a deposit.
    const before = await balanceOf(server, wallet, expired.symbol);
    const res = await recredit('operatorEmployee', {
      orderId: expired.id,
      txHash: paid.txHash,
      reason: 'Customer paid late; confirmed on the explorer.',
    });
    expect(res.code).toBe(200);
    expect(res.data.order).toMatchObject({
      status: 'paid',
      txHash: paid.txHash,
      payerAddress: devnetAccount('late payer of the repair test').address,
    });
    expect(res.data.order.paidAt).not.toBeNull();
    expect(res.data.repairs).toEqual([
      expect.objectContaining({
        action: 'recredit',
        actor: 'operatorEmployee',
        previousStatus: 'expired',
        newStatus: 'paid',
        txHash: paid.txHash,
        reason: 'Customer paid late; confirmed on the explorer.',
      }),
    ]);
    expect(await balanceOf(server, wallet, expired.symbol)).toBe(before);
    // Paid now: a second credit is refused, and the log cannot be edited, even by SQL.
    expect((await recredit('superAdmin', { orderId: expired.id, txHash: evmHash(2), reason: 'A second try at this order.' })).code).toBe(
      409,
    );
    await expect(sql`update order_repair set reason = 'changed'`.execute(server.app.context.db)).rejects.toThrow(/append-only/);
    await expect(sql`delete from order_repair`.execute(server.app.context.db)).rejects.toThrow(/append-only/);
    expect((await verify()).balanced).toBe(true);
  });

  it('an insider cannot credit money the chain never delivered: a made-up hash, another address’s payment, or too little is refused and nothing moves', async () => {
    const [, expired] = await ordersWith('expired');
    const wallet = await walletAt(expired.depositAddress);
    const before = await balanceOf(server, wallet, expired.symbol);
    const reason = 'Customer says they paid; trust me on this one.';
    const madeUp = await recredit('superAdmin', { orderId: expired.id, txHash: evmHash(40), reason });
    expect(madeUp.code).toBe(409);
    expect(madeUp.data).toEqual({ txHash: "Not a payment into this order's address on the chain." });
    // A real payment of the order's amount, but to an address that is not the order's.
    const elsewhere = await payOnChain(
      server,
      1,
      devnetAccount('someone else entirely').address,
      expired.symbol,
      expired.amount,
      devnetAccount('payer elsewhere').address,
    );
    // Less than any order asks (a deposit is at least 1).
    const half = '0.5';
    const short = await payOnChain(server, 1, expired.depositAddress, expired.symbol, half, devnetAccount('payer of half').address);
    await readChainUpTo(server, 1, short.blockNumber);
    expect((await recredit('superAdmin', { orderId: expired.id, txHash: elsewhere.txHash, reason })).code).toBe(409);
    const tooLittle = await recredit('superAdmin', { orderId: expired.id, txHash: short.txHash, reason });
    expect(tooLittle.code).toBe(409);
    expect(tooLittle.msg).toContain(`less than the order's ${expired.amount} ${expired.symbol}`);
    expect((await lookUp('superAdmin', expired.orderNo)).data.order.status).toBe('expired');
    // The half that did arrive is in the wallet (a deposit); no re-credit added anything on top.
    expect(units(await balanceOf(server, wallet, expired.symbol))).toBe(units(before) + units(half));
    expect((await verify()).balanced).toBe(true);
  });

  it('a transaction pays one order only, also when two credits race', async () => {
    const [a, b] = await Promise.all([newExpiredOrder('7'), newExpiredOrder('7')]);
    const reason = 'Paid on chain, confirmed by support.';
    const paid = await payOnChain(server, 1, a.depositAddress, 'USDT', '7', devnetAccount('payer of a').address);
    await readChainUpTo(server, 1, paid.blockNumber);
    const used = await recredit('superAdmin', { orderId: a.id, txHash: paid.txHash, reason });
    expect(used.code).toBe(200);
    const again = await recredit('superAdmin', { orderId: b.id, txHash: paid.txHash.toUpperCase().replace('0X', '0x'), reason });
    expect(again.code).toBe(409);
    expect(again.data).toEqual({ txHash: 'Already in use.' });
    // Two orders at one address, one payment that could pay either: two operators at once credit one.
    const c = await newExpiredOrder('9');
    const e = await newExpiredOrder('9', c.depositAddress);
    const both = await payOnChain(server, 1, c.depositAddress, 'USDT', '9', devnetAccount('payer of c or e').address);
    await readChainUpTo(server, 1, both.blockNumber);
    const race = await Promise.all([
      recredit('superAdmin', { orderId: c.id, txHash: both.txHash, reason }),
      recredit('operatorEmployee', { orderId: e.id, txHash: both.txHash, reason }),
    ]);
    expect(race.map((r) => r.code).sort()).toEqual([200, 409]);
    expect((await verify()).balanced).toBe(true);
  });

  it('refuses what is not repairable or not well-formed, and merchants may not re-credit', async () => {
    const [pending] = await ordersWith('pending').then((list) => (list.length > 0 ? list : ordersWith('pending', 728126428)));
    const [failed] = await ordersWith('failed');
    const reason = 'Confirmed by the payer with a receipt.';
    if (pending) expect((await recredit('superAdmin', { orderId: pending.id, txHash: evmHash(20), reason })).code).toBe(409);
    expect((await recredit('superAdmin', { orderId: failed.id, txHash: 'abc', reason })).data).toEqual({
      txHash: 'Not a valid EVM transaction hash.',
    });
    expect((await recredit('superAdmin', { orderId: failed.id, txHash: evmHash(21), reason: 'late' })).data).toEqual({
      reason: 'Say why in at least 10 characters (it goes into the audit log).',
    });
    expect((await recredit('superAdmin', { orderId: 999_999, txHash: evmHash(21), reason })).code).toBe(404);
    expect((await recredit('merchantProFinance', { orderId: failed.id, txHash: evmHash(21), reason })).code).toBe(403);
    expect((await lookUp('superAdmin', failed.orderNo)).data.order.status).toBe('failed');
  });
});
