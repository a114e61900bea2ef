import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { startTestServer, type TestServer } from './harness';
import { currencyIdOf } from './signSupport';
import { ApiPath } from '../../src/contract/apiPaths';
import type { RecheckView } from '../../src/contract/schemas/orderRepair';
import { demoTronAddress } from '../../server/db/seed/wallets';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

const recheck = (account: string, orderId: unknown) =>
  server.as(account).call<RecheckView>('POST', ApiPath.orderRepair.recheck, { body: { orderId } });
const DAY = 86_400_000;
let seq = 0;
const tronHash = () => (++seq).toString(16).padStart(64, 'c');
const TRON = 728126428;

/**
 * An order of Aurora Pay (proA) in USDT on TRON at a deposit address of its own — a new Hot wallet
 * of the org, which a payment credits — unless one is given. TRON is simulated (docs/chains.md
 * "Modes"): what its watcher saw is a row written here, so block times can be set at will; the same
 * re-check on an EVM chain reads the devnet (tests/api/depositWatcher.test.ts).
 */
async function newOrder(status: string, amount: string, depositAddress?: string, createdAt = new Date(Date.now() - 3 * DAY)) {
  const usdtId = await currencyIdOf(server, TRON, 'USDT');
  if (!depositAddress) {
    depositAddress = demoTronAddress(`recheck deposits ${++seq}`);
    await server.db
      .insertInto('chainWallet')
      .values({ chainId: TRON, orgId: server.orgIds.proA, kind: 'Hot', address: depositAddress, label: `Deposits ${seq}`, threshold: null })
      .execute();
  }
  return server.db
    .insertInto('paymentOrder')
    .values({
      orderNo: `TST${++seq}`,
      orgId: server.orgIds.proA,
      kind: 'payment',
      chainId: TRON,
      currencyId: usdtId,
      amount,
      fee: '0',
      status,
      depositAddress,
      createdAt,
    })
    .returning(['id', 'orderNo', 'chainId', 'currencyId', 'depositAddress', 'createdAt'])
    .executeTakeFirstOrThrow();
}

/** What the chain watcher saw arrive for an order, a day after it was created unless told. */
async function arrive(
  order: Awaited<ReturnType<typeof newOrder>>,
  amount: string,
  txHash = tronHash(),
  blockTime = new Date(order.createdAt.getTime() + DAY),
) {
  await server.db
    .insertInto('chainTransfer')
    .values({
      chainId: order.chainId,
      currencyId: order.currencyId,
      toAddress: order.depositAddress,
      fromAddress: demoTronAddress('a payer'),
      amount,
      txHash,
      blockTime,
    })
    .execute();
  return { txHash, blockTime };
}

const statusOf = async (id: number) =>
  await server.db.selectFrom('paymentOrder').select(['status', 'txHash']).where('id', '=', id).executeTakeFirstOrThrow();

describe('order re-check', () => {
  it('a merchant’s finance re-checks its late-paid order (demo data): paid by the transfer read from the chain at its block time, audited', async () => {
    // The seed's rule (server/db/seed/chainTransfers.ts): the org's oldest expired checkout payment was paid a day late.
    const late = await server.db
      .selectFrom('paymentOrder')
      .select(['id', 'chainId', 'depositAddress', 'amount'])
      .where('orgId', '=', server.orgIds.proA)
      .where('kind', '=', 'payment')
      .where('status', '=', 'expired')
      .orderBy('createdAt')
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const res = await recheck('merchantProFinance', late.id);
    expect(res.code).toBe(200);
    // On an EVM chain the devnet carried it (server/chain/materialize.ts), and the re-check read it.
    const transfer = await server.db
      .selectFrom('chainTransfer')
      .select(['txHash', 'blockTime', 'blockNumber'])
      .where('chainId', '=', late.chainId)
      .where('toAddress', '=', late.depositAddress)
      .where(sql`amount`, '=', sql`${late.amount}::numeric`)
      .where('txHash', '=', res.data.order.txHash ?? '')
      .executeTakeFirstOrThrow();
    const chain = await server.db.selectFrom('chain').select('family').where('chainId', '=', late.chainId).executeTakeFirstOrThrow();
    if (chain.family === 'evm') expect(transfer.blockNumber).not.toBeNull();
    expect(res.data.order).toMatchObject({ status: 'paid', txHash: transfer.txHash });
    expect(new Date(res.data.order.paidAt!).getTime()).toBe(new Date(transfer.blockTime).getTime());
    expect(res.data.recheck).toEqual({
      paid: true,
      txHash: transfer.txHash,
      shortTotal: null,
      message: `Payment found on chain: the order is paid by transaction ${transfer.txHash}.`,
    });
    expect(res.data.repairs.at(-1)).toMatchObject({
      action: 'recheck',
      actor: 'merchantProFinance',
      reason: null,
      txHash: transfer.txHash,
      previousStatus: 'expired',
      newStatus: 'paid',
    });

    const again = await recheck('superAdmin', late.id);
    expect(again).toMatchObject({ code: 409, msg: 'This order is already paid; there is nothing to re-check.' });
  });

  it('nothing on chain: the order is unchanged, the re-check is logged anyway', async () => {
    const order = await newOrder('failed', '25');
    const res = await recheck('operatorEmployee', order.id);
    expect(res.data.recheck).toEqual({
      paid: false,
      txHash: null,
      shortTotal: null,
      message: 'No payment found on chain. The order is unchanged.',
    });
    expect(res.data.order.status).toBe('failed');
    expect(res.data.repairs).toEqual([
      expect.objectContaining({
        action: 'recheck',
        actor: 'operatorEmployee',
        txHash: null,
        previousStatus: 'failed',
        newStatus: 'failed',
      }),
    ]);
  });

  it('transfers of too little do not pay; the answer gives their total', async () => {
    const order = await newOrder('expired', '100');
    await arrive(order, '30.5');
    await arrive(order, '40');
    const res = await recheck('superAdmin', order.id);
    expect(res.data.recheck).toMatchObject({ paid: false, shortTotal: '70.5' });
    expect(res.data.recheck.message).toBe(
      'No payment found on chain: transfers of too little arrived, 70.5 USDT in all, for an order of 100 USDT. The order is unchanged.',
    );
    expect(await statusOf(order.id)).toEqual({ status: 'expired', txHash: null });
    expect(res.data.repairs.at(-1)).toMatchObject({ action: 'recheck', previousStatus: 'expired', newStatus: 'expired' });
  });

  it('a pending order is paid by a transfer of more than due; one from before the order does not count', async () => {
    const order = await newOrder('pending', '10');
    await arrive(order, '50', tronHash(), new Date(order.createdAt.getTime() - DAY));
    expect((await recheck('superAdmin', order.id)).data.recheck.paid).toBe(false);
    const { txHash } = await arrive(order, '10.01');
    const res = await recheck('superAdmin', order.id);
    expect(res.data.recheck).toMatchObject({ paid: true, txHash });
    expect(res.data.repairs.map((r) => r.newStatus)).toEqual(['pending', 'paid']);
  });

  it('a transfer that already paid an order does not pay another', async () => {
    const paid = await server.db
      .selectFrom('paymentOrder')
      .innerJoin('currency', 'currency.id', 'paymentOrder.currencyId')
      .select(['paymentOrder.amount', 'paymentOrder.depositAddress', 'paymentOrder.createdAt'])
      .where('paymentOrder.status', '=', 'paid')
      .where('paymentOrder.orgId', '=', server.orgIds.proA)
      .where('currency.chainId', '=', TRON)
      .where('currency.symbol', '=', 'USDT')
      .orderBy('paymentOrder.id')
      .executeTakeFirstOrThrow();
    // Same address, currency and amount, created just before the paid order's transfer: only the rule keeps it out.
    const order = await newOrder('expired', paid.amount, paid.depositAddress, paid.createdAt);
    const res = await recheck('superAdmin', order.id);
    expect(res.data.recheck.paid).toBe(false);
    expect(await statusOf(order.id)).toEqual({ status: 'expired', txHash: null });
  });

  it('concurrent re-checks pay once: of one order, and of two orders one transfer could pay', async () => {
    const order = await newOrder('expired', '5');
    await arrive(order, '5');
    const same = await Promise.all([recheck('superAdmin', order.id), recheck('operatorEmployee', order.id)]);
    expect(same.map((r) => r.code).sort()).toEqual([200, 409]);
    const log = await server.db.selectFrom('orderRepair').select('newStatus').where('orderId', '=', order.id).execute();
    expect(log).toEqual([{ newStatus: 'paid' }]);

    const a = await newOrder('expired', '7');
    const b = await newOrder('expired', '7', a.depositAddress);
    await arrive(a, '7');
    const both = await Promise.all([recheck('superAdmin', a.id), recheck('operatorEmployee', b.id)]);
    expect(both.every((r) => r.code === 200 || r.code === 409)).toBe(true);
    expect([(await statusOf(a.id)).status, (await statusOf(b.id)).status].sort()).toEqual(['expired', 'paid']);
  });

  it('refuses another tenant’s order, roles that may not re-check, and a bad body', async () => {
    const order = await newOrder('expired', '12');
    await arrive(order, '12');
    expect((await recheck('merchantStdManager', order.id)).code).toBe(404);
    expect((await recheck('merchantProEmployee', order.id)).code).toBe(403);
    expect((await recheck('agentManager', order.id)).code).toBe(403);
    expect((await recheck('superAdmin', 999_999)).code).toBe(404);
    expect((await recheck('superAdmin', 'abc')).code).toBe(400);
    expect(await statusOf(order.id)).toEqual({ status: 'expired', txHash: null });
    expect(await server.db.selectFrom('orderRepair').select('id').where('orderId', '=', order.id).execute()).toEqual([]);
  });
});
