import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Address } from 'viem';
import type { TestServer } from './harness';
import { balanceOf, chainHoldingOf, ETH_CHAIN, units } from './signSupport';
import { startDepositServer } from './chainSupport';
import { gasTopUp, recordSweepTransfer, type SweepTransfer } from '../../server/modules/orderSweep/transfer';
import { runOutflow } from '../../server/modules/outflow/runOutflow';
import { expectBalanced, ok, orderPayer, walletAt } from './orderSupport';
import { newApiKey } from './apiKeySupport';
import { devnetAccount, type Devnet } from '../../server/chain/evm/devnet';
import { ApiPath } from '../../src/contract/apiPaths';
import { BodyCode } from '../../src/contract/envelope';
import type { MerchantOrderRecordInput } from '../../src/contract/schemas/merchantOrder';
import type { RefundView } from '../../src/contract/schemas/orderRefund';
import type { SweepRunView } from '../../src/contract/schemas/orderSweep';

// Refunding an overpaid order's excess (docs/payments.md "Refunding an overpaid order's excess"): the
// excess the server reads from what arrived goes back out of the order's own address through the
// intent log, its gas from the platform's wallet; once per order, by the org's own money staff only,
// and on chain and in the books it is where they both say.
let server: TestServer;
let devnet: Devnet;
let usdt: { id: number; contractAddress: Address; decimals: number };
const payer = devnetAccount('a payer who overpays and is refunded');
const MANAGER = 'merchantProManager';
let paidOrder: ReturnType<typeof orderPayer>;

beforeAll(async () => {
  ({ server, devnet, usdt } = await startDepositServer(payer.address));
  paidOrder = orderPayer({ server, devnet, usdt, payer }, 'refund-link');
}, 120_000);
afterAll(() => server?.close());

const view = (orderId: number, account = MANAGER) =>
  server.as(account).call<RefundView | null>('GET', ApiPath.orderRefund.order, { query: { orderId: String(orderId) } });
const refund = (body: Record<string, unknown>, account = MANAGER) =>
  server.as(account).call<RefundView>('POST', ApiPath.orderRefund.run, { body });
const payerHolds = () => chainHoldingOf(server, ETH_CHAIN, payer.address, 'USDT');
const countOf = async (table: 'movement' | 'orderRefund') =>
  (
    await server.db
      .selectFrom(table)
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow()
  ).n;
/** What moved: every movement, and every refund row. */
const counts = async () => ({ movements: await countOf('movement'), refunds: await countOf('orderRefund') });
const received = async (before: string) => units(await payerHolds()) - units(before);

describe('refunding an overpaid order’s excess', () => {
  it('pays exactly the excess back to the payer, on chain and in the books; the order stays overpaid, with its refund', async () => {
    const order = await paidOrder('10', '13');
    const deposit = await walletAt(server, order.depositAddress);
    const before = ok(await view(order.id))!;
    expect(before).toMatchObject({ state: 'overpaid', excess: '3', refundable: true, refund: null });
    // The console proposes the sender of the transfer that overpaid.
    expect(before.payerAddress?.toLowerCase()).toBe(payer.address.toLowerCase());
    const payerBefore = await payerHolds();

    const answer = ok(await refund({ orderId: order.id, toAddress: payer.address }));
    expect(answer).toMatchObject({
      state: 'overpaid',
      refundable: false,
      refund: { amount: '3', status: 'executed', toAddress: payer.address },
    });
    expect(answer.refund?.txHash).toMatch(/^0x[0-9a-f]{64}$/);
    expect(await received(payerBefore)).toBe(units('3'));
    // The order's address keeps the amount, on chain and in the books.
    expect(await chainHoldingOf(server, ETH_CHAIN, order.depositAddress, 'USDT')).toBe('10');
    expect(await balanceOf(server, deposit.id, 'USDT')).toBe('10');
    const movement = await server.db
      .selectFrom('movement')
      .select(['kind', 'walletId', 'amount', 'status', 'memo', 'txHash'])
      .where('id', '=', answer.refund!.movementId)
      .executeTakeFirstOrThrow();
    expect(movement).toMatchObject({ kind: 'transfer', walletId: deposit.id, amount: '3', status: 'executed' });
    expect(movement.memo).toContain(order.orderNo);
    // The merchant API says what was paid back; the state stays overpaid.
    const key = await newApiKey(server, MANAGER, ['orders:read']);
    const merchant = ok(
      await server.call<MerchantOrderRecordInput>('GET', ApiPath.merchant.order.replace('{id}', String(order.id)), {
        headers: { authorization: `Bearer ${key}` },
      }),
    );
    expect(merchant).toMatchObject({ status: 'overpaid', excess: '3', refunded: '3' });
    await expectBalanced(server);

    // A second refund is refused and moves nothing.
    const moved = await counts();
    const again = await refund({ orderId: order.id, toAddress: payer.address });
    expect(again).toMatchObject({ code: BodyCode.conflict, msg: expect.stringMatching(/already refunded/) });
    expect(await counts()).toEqual(moved);
    expect(await received(payerBefore)).toBe(units('3'));
  });

  it('a collection leaves an unrefunded excess at the order’s address, and the refund takes it from there', async () => {
    const order = await paidOrder('5', '7');
    ok(await server.as(MANAGER).call<SweepRunView>('POST', ApiPath.orderSweep.run, { body: { chainId: ETH_CHAIN } }));
    expect(await chainHoldingOf(server, ETH_CHAIN, order.depositAddress, 'USDT')).toBe('2');
    const payerBefore = await payerHolds();
    expect(ok(await refund({ orderId: order.id, toAddress: payer.address })).refund).toMatchObject({ amount: '2', status: 'executed' });
    expect(await received(payerBefore)).toBe(units('2'));
    expect(await chainHoldingOf(server, ETH_CHAIN, order.depositAddress, 'USDT')).toBe('0');
    await expectBalanced(server);
  });

  it('an excess collected before collections kept it is refunded out of the org’s hot wallet, by the same path', async () => {
    const order = await paidOrder('3', '5');
    const deposit = await walletAt(server, order.depositAddress);
    const hot = await server.db
      .selectFrom('chainWallet')
      .select(['id', 'address'])
      .where('orgId', '=', server.orgIds.proA)
      .where('chainId', '=', ETH_CHAIN)
      .where('kind', '=', 'Hot')
      .orderBy('id')
      .executeTakeFirstOrThrow();
    // All of it collected, as a collection did before it kept the excess: its gas, then the 5 USDT.
    const { context } = server.app;
    const send = async (transfer: SweepTransfer) => {
      const leaseToken = `collected whole ${transfer.symbol}`;
      const { movementId } = await context.db
        .transaction()
        .execute((trx) => recordSweepTransfer(trx, transfer, { chains: context.chains, leaseToken, now: context.now() }));
      await runOutflow({ db: context.db, chains: context.chains, now: () => server.now(), leaseToken }, { movementId });
    };
    const base = { chainId: ETH_CHAIN, family: 'evm', createdBy: 1, memo: 'collected whole' };
    const gas = await gasTopUp(server.db, { walletId: deposit.id, chainId: ETH_CHAIN, currencyId: usdt.id, amount: '5' });
    if (gas) await send({ ...base, ...gas, to: order.depositAddress });
    await send({ ...base, walletId: deposit.id, orgId: deposit.orgId, currencyId: usdt.id, symbol: 'USDT', amount: '5', to: hot.address });
    expect(await chainHoldingOf(server, ETH_CHAIN, order.depositAddress, 'USDT')).toBe('0');

    const payerBefore = await payerHolds();
    const hotBefore = await balanceOf(server, hot.id, 'USDT');
    const answer = ok(await refund({ orderId: order.id, toAddress: payer.address }));
    expect(answer.refund).toMatchObject({ amount: '2', status: 'executed' });
    expect(await received(payerBefore)).toBe(units('2'));
    expect(units(hotBefore) - units(await balanceOf(server, hot.id, 'USDT'))).toBe(units('2'));
    expect(
      await server.db.selectFrom('movement').select('walletId').where('id', '=', answer.refund!.movementId).executeTakeFirstOrThrow(),
    ).toEqual({ walletId: hot.id });
    await expectBalanced(server);
  });

  it('a refund replayed with its Idempotency-Key answers the first and pays nothing more', async () => {
    const order = await paidOrder('5', '6.5');
    const payerBefore = await payerHolds();
    const headers = { 'idempotency-key': `refund-replay-${order.orderNo}` };
    const call = () =>
      server
        .as(MANAGER)
        .call<RefundView>('POST', ApiPath.orderRefund.run, { body: { orderId: order.id, toAddress: payer.address }, headers });
    const first = ok(await call());
    expect(first.refund).toMatchObject({ amount: '1.5', status: 'executed' });
    const moved = await counts();
    expect(ok(await call())).toEqual(first);
    expect(await counts()).toEqual(moved);
    expect(await received(payerBefore)).toBe(units('1.5'));
    await expectBalanced(server);
  });

  it('two refunds at once move the money once', async () => {
    const order = await paidOrder('4', '6');
    const payerBefore = await payerHolds();
    const answers = await Promise.all([0, 1].map(() => refund({ orderId: order.id, toAddress: payer.address })));
    expect(answers.map((a) => a.code).sort()).toEqual([BodyCode.ok, BodyCode.conflict]);
    expect(await received(payerBefore)).toBe(units('2'));
    expect(await server.db.selectFrom('orderRefund').select('amount').where('orderId', '=', order.id).execute()).toHaveLength(1);
    expect(await chainHoldingOf(server, ETH_CHAIN, order.depositAddress, 'USDT')).toBe('4');
    await expectBalanced(server);
  });

  it('an order that is paid, underpaid or pending has no excess to refund (409), and nothing moves', async () => {
    for (const [amount, paid, state] of [
      ['3', '3', 'paid'],
      ['3', '1', 'underpaid'],
      ['3', '0', 'pending'],
    ] as const) {
      const order = await paidOrder(amount, paid);
      expect(ok(await view(order.id))).toMatchObject({ state, refundable: false });
      const moved = await counts();
      const answer = await refund({ orderId: order.id, toAddress: payer.address });
      expect(answer).toMatchObject({ code: BodyCode.conflict, msg: expect.stringContaining('not overpaid') });
      expect(await counts()).toEqual(moved);
    }
  });
});

describe('who may refund, and what', () => {
  it('another merchant org’s manager finds no such order, and nothing moves', async () => {
    const order = await paidOrder('2', '3');
    const moved = await counts();
    expect(ok(await view(order.id, 'merchantStdManager'))).toBeNull();
    expect((await refund({ orderId: order.id, toAddress: payer.address }, 'merchantStdManager')).code).toBe(BodyCode.notFound);
    expect(await counts()).toEqual(moved);
    expect(await chainHoldingOf(server, ETH_CHAIN, order.depositAddress, 'USDT')).toBe('3');
  });

  it('roles without the action are refused (403), and nothing moves', async () => {
    const order = await paidOrder('2', '3');
    const moved = await counts();
    for (const account of ['merchantProEmployee', 'agentManager', 'superAdmin']) {
      expect((await view(order.id, account)).code).toBe(BodyCode.forbidden);
      expect((await refund({ orderId: order.id, toAddress: payer.address }, account)).code).toBe(BodyCode.forbidden);
    }
    expect(await counts()).toEqual(moved);
  });

  it('the amount is never the caller’s, and a bad destination is a 400 naming `toAddress`; nothing is written', async () => {
    const order = await paidOrder('2', '3');
    const moved = await counts();
    const named = await refund({ orderId: order.id, toAddress: payer.address, amount: '3' });
    expect(named.code).toBe(BodyCode.badRequest);
    for (const toAddress of ['', 'nope', '0x123', 'TJCnKsPa7y5okkXvQAidZBzqx3QyQ6sxMW']) {
      const answer = await refund({ orderId: order.id, toAddress });
      expect(answer.code).toBe(BodyCode.badRequest);
      expect(answer.data).toHaveProperty('toAddress');
    }
    expect(await counts()).toEqual(moved);
    expect(ok(await view(order.id))).toMatchObject({ refundable: true, refund: null });
  });

  it('the excess goes back only to an address that paid the order: the clerk’s own address is a 400, nothing moves', async () => {
    const order = await paidOrder('4', '6');
    expect(ok(await view(order.id))!.payers.map((a) => a.toLowerCase())).toEqual([payer.address.toLowerCase()]);
    const moved = await counts();
    const insider = devnetAccount('a clerk who would keep the excess').address;
    for (const toAddress of [insider, order.depositAddress]) {
      const answer = await refund({ orderId: order.id, toAddress });
      expect(answer.code).toBe(BodyCode.badRequest);
      expect(answer.data).toHaveProperty('toAddress');
    }
    expect(await counts()).toEqual(moved);
    expect(await chainHoldingOf(server, ETH_CHAIN, insider, 'USDT')).toBe('0');
    // The payer's address in any case is the payer's.
    expect(ok(await refund({ orderId: order.id, toAddress: payer.address.toLowerCase() })).refund).toMatchObject({
      amount: '2',
      status: 'executed',
    });
  });
});
