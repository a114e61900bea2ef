import { sql, type Kysely, type Transaction } from 'kysely';
import { parseUnits } from 'viem';
import type { Database } from '../../db/schema';
import type { Db } from '../../db/database';
import type { Caller } from '../../http/caller';
import { badRequest, conflict, notFound } from '../../http/apiError';
import { checkAddress, type ChainFamily } from '../../../src/contract/address';
import { compareDecimal } from '../../../src/contract/money';
import { orderStateOf } from '../../../src/contract/orderState';
import type { RefundRunBody, RefundViewInput } from '../../../src/contract/schemas/orderRefund';
import { spendable } from '../ledger/post';
import { lockExecutionWallets } from '../outflow/execution';
import { announceOutflowExecuted } from '../outflow/announce';
import { orderAmountColumns } from '../merchantOrder/service';
import { collectingWallet } from '../orderSweep/waiting';
import {
  finishTransfer,
  gasTopUp,
  recordInTransaction,
  recordSweepTransfer,
  sendTransfer,
  type RecordTransfer,
  type SweepTransfer,
  type TransferContext,
} from '../orderSweep/transfer';

type Trx = Transaction<Database>;

/** An order of the org with an address of its own, its amounts read as its state reads them (merchantOrder's columns). */
const orderOf = (db: Kysely<Database>, orgId: number, orderId: number) =>
  db
    .selectFrom('paymentOrder')
    .innerJoin('currency', 'currency.id', 'paymentOrder.currencyId')
    .innerJoin('chain', 'chain.chainId', 'paymentOrder.chainId')
    .innerJoin('chainWallet', (join) =>
      join.onRef('chainWallet.chainId', '=', 'paymentOrder.chainId').onRef('chainWallet.address', '=', 'paymentOrder.depositAddress'),
    )
    .select([
      'paymentOrder.id',
      'paymentOrder.orderNo',
      'paymentOrder.orgId',
      'paymentOrder.status',
      'paymentOrder.chainId',
      'paymentOrder.currencyId',
      'paymentOrder.depositAddress',
      'paymentOrder.expiresAt',
      ...orderAmountColumns,
      'currency.symbol',
      'currency.decimals',
      'chain.family',
      'chainWallet.id as walletId',
    ])
    .where('paymentOrder.id', '=', orderId)
    .where('paymentOrder.orgId', '=', orgId)
    // Orders with an address of their own only: the refund leaves from it.
    .where('paymentOrder.checkoutCode', 'is not', null);

type RefundOrder = NonNullable<Awaited<ReturnType<ReturnType<typeof orderOf>['executeTakeFirst']>>>;

/** The order's refund as recorded (one per order), with its movement's status. */
const refundOf = (db: Kysely<Database>, orderId: number) =>
  db
    .selectFrom('orderRefund')
    .innerJoin('movement', 'movement.id', 'orderRefund.movementId')
    .select([
      'orderRefund.id',
      'orderRefund.movementId',
      sql<string>`trim_scale(order_refund.amount)::text`.as('amount'),
      'orderRefund.toAddress',
      'movement.status',
      'movement.txHash',
      'orderRefund.createdAt',
    ])
    .where('orderRefund.orderId', '=', orderId)
    .executeTakeFirst();

/** Two spellings of one address: EVM addresses in any case, TRON's as written. */
const sameAddress = (family: string, a: string, b: string) => (family === 'evm' ? a.toLowerCase() === b.toLowerCase() : a === b);

/** A token minted straight to the address (a devnet faucet) has no sender to return it to. */
const NO_SENDER = /^0x0{40}$/i;

/** The order's transfers into its address still on the chain, in the order the chain delivered them. */
const transfersOf = (db: Kysely<Database>, order: RefundOrder) =>
  db
    .selectFrom('chainTransfer')
    .select(['fromAddress', sql<string>`amount::text`.as('amount')])
    .where('chainId', '=', order.chainId)
    .where('toAddress', '=', order.depositAddress)
    .where('currencyId', '=', order.currencyId)
    .where('vanishedAt', 'is', null)
    .orderBy(sql`block_number nulls last`)
    .orderBy('logIndex')
    .orderBy('id')
    .execute();

/**
 * The addresses a refund may go to (docs/payments.md "Refunding an overpaid order's excess"): the senders
 * of the order's transfers, the one that took it past its amount first, as the chain writes them. The
 * excess goes back to whoever paid; anywhere else is a withdrawal, which the org's policy governs.
 */
async function payersOf(db: Kysely<Database>, order: RefundOrder): Promise<{ payers: string[]; overpayer: string | null }> {
  const due = parseUnits(order.amount, order.decimals);
  let total = 0n;
  let overpayer: string | null | undefined;
  const payers = new Set<string>();
  for (const transfer of await transfersOf(db, order)) {
    total += parseUnits(transfer.amount, order.decimals);
    const sender = NO_SENDER.test(transfer.fromAddress) ? null : transfer.fromAddress;
    if (sender) payers.add(sender);
    if (overpayer === undefined && total > due) overpayer = sender;
  }
  return { payers: [...payers], overpayer: overpayer ?? null };
}

/** Why this order's excess cannot be refunded now (a 409), or null. */
function refusalOf(order: RefundOrder, refund: Awaited<ReturnType<typeof refundOf>>, now: Date) {
  if (refund && refund.status !== 'failed') return conflict('api.refundDone', { orderNo: order.orderNo });
  const state = orderStateOf(order, now);
  if (state !== 'overpaid') return conflict('api.refundNotOverpaid', { orderNo: order.orderNo, state });
  return null;
}

async function viewOf(db: Kysely<Database>, order: RefundOrder, now: Date): Promise<RefundViewInput> {
  const refund = await refundOf(db, order.id);
  return {
    orderId: order.id,
    orderNo: order.orderNo,
    chainId: order.chainId,
    symbol: order.symbol,
    state: orderStateOf(order, now),
    excess: order.excess,
    ...(await payersOf(db, order).then(({ payers, overpayer }) => ({ payers, payerAddress: overpayer }))),
    refundable: refusalOf(order, refund, now) === null,
    refund: refund
      ? {
          movementId: refund.movementId,
          amount: refund.amount,
          toAddress: refund.toAddress,
          status: refund.status,
          txHash: refund.txHash,
          createdAt: refund.createdAt,
        }
      : null,
  };
}

const readOrder = (db: Kysely<Database>, caller: Caller, orderId: number) =>
  orderOf(db, caller.org.orgId, orderId).executeTakeFirstOrThrow(() => notFound('Order'));

/**
 * GET /sys/order-refund/order: an order of the selected org as its refund sees it; null for any other
 * (another org's, one without an address of its own): the console then offers no refund, and says nothing.
 */
export async function refundOrderView(db: Db, caller: Caller, orderId: number, now: Date): Promise<RefundViewInput | null> {
  const order = await orderOf(db, caller.org.orgId, orderId).executeTakeFirst();
  return order ? viewOf(db, order, now) : null;
}

const holds = async (db: Kysely<Database>, walletId: number, order: RefundOrder) =>
  compareDecimal((await spendable(db, walletId, [order.currencyId])).get(order.currencyId) ?? '0', order.excess) >= 0;

/**
 * Where the excess leaves from: the order's own address while it holds it; else (collected before
 * collections kept it) the org's hot wallet that collections go to, if it holds it. Neither: a 409
 * in words, nothing moved.
 */
async function refundSource(db: Kysely<Database>, order: RefundOrder): Promise<{ walletId: number; orgId: number }> {
  if (await holds(db, order.walletId, order)) return { walletId: order.walletId, orgId: order.orgId };
  const hot = await collectingWallet(db, order.orgId, order.chainId);
  const facts = { orderNo: order.orderNo, amount: order.excess, symbol: order.symbol };
  if (!hot) throw conflict('api.refundCollected', facts);
  if (!(await holds(db, hot.id, order))) throw conflict('api.refundHotWalletShort', { ...facts, wallet: hot.label || hot.address });
  return { walletId: hot.id, orgId: order.orgId };
}

/**
 * POST /sys/order-refund/run (docs/payments.md "Refunding an overpaid order's excess"): the excess of an
 * overpaid order of the selected org — what arrived beyond its amount, read as its state reads it,
 * never the caller's — sent back to `toAddress` out of the order's own address, as a movement of kind
 * `transfer` through the intent log, its gas topped up from the platform's gas wallet exactly as a
 * sweep's. One refund per order: its `order_refund` row is written in the movement's transaction,
 * after the order's row is locked and the refusals read again under that lock, so two refunds at
 * once pay it back once. An excess no longer at the address (collected before collections kept it)
 * leaves from the org's hot wallet instead, by the same path (`refundSource`).
 */
export async function runRefund(context: TransferContext, caller: Caller, body: RefundRunBody): Promise<RefundViewInput> {
  const { db } = context;
  const order = await readOrder(db, caller, body.orderId);
  const to = checkAddress(order.family as ChainFamily, body.toAddress);
  if (!to.ok) throw badRequest({ toAddress: to.problem });
  const refused = refusalOf(order, await refundOf(db, order.id), context.now());
  if (refused) throw refused;
  // Back to whoever paid, never elsewhere: an address of the staff's choosing is a withdrawal, under the org's policy.
  const { payers } = await payersOf(db, order);
  if (!payers.some((payer) => sameAddress(order.family, payer, to.address)))
    throw badRequest({ toAddress: { key: 'validation.refundToPayer', params: { payers: payers.join(', ') || '—' } } });
  const source = await refundSource(db, order);
  const base = { chainId: order.chainId, family: order.family, createdBy: caller.userId };
  // Out of the order's address a token needs the chain's coin for gas: topped up as a sweep's. The
  // hot wallet pays its own gas, as for any transfer out of it.
  const topUp =
    source.walletId === order.walletId
      ? await gasTopUp(db, { walletId: order.walletId, chainId: order.chainId, currencyId: order.currencyId, amount: order.excess })
      : null;
  if (topUp) {
    const gas = await sendTransfer(
      context,
      caller,
      { ...base, ...topUp, to: order.depositAddress, memo: context.t('api.refundGasMemo', { orderNo: order.orderNo }) },
      [],
    );
    if (gas.state === 'failed') throw conflict('api.refundGasFailed', { reason: gas.reason });
    if (gas.state === 'sending') throw conflict('api.refundGasSending');
  }
  const refund: SweepTransfer = {
    ...base,
    ...source,
    currencyId: order.currencyId,
    symbol: order.symbol,
    amount: order.excess,
    to: to.address,
    memo: context.t('api.refundMemo', { orderNo: order.orderNo }),
  };
  const recorded = await recordInTransaction(context, caller, (trx, send) => recordRefund(trx, order, refund, send));
  await finishTransfer(context, recorded);
  return viewOf(db, await readOrder(db, caller, order.id), context.now());
}

/**
 * The refund's own transaction: the wallets locked as any outflow locks them, then the order's row;
 * under those locks the order is read again (still overpaid, still by the same excess, no refund
 * recorded but a failed one), then the movement is recorded and the order's refund row points at it.
 */
async function recordRefund(
  trx: Trx,
  order: RefundOrder,
  refund: SweepTransfer,
  send: Parameters<RecordTransfer>[1],
): Promise<{ movementId: number; sending: boolean }> {
  await lockExecutionWallets(trx, { walletId: refund.walletId, chainId: refund.chainId, toAddress: refund.to });
  await trx.selectFrom('paymentOrder').select('id').where('id', '=', order.id).forUpdate().execute();
  const current = await orderOf(trx, order.orgId, order.id).executeTakeFirstOrThrow();
  const refused = refusalOf(current, await refundOf(trx, order.id), send.now);
  if (refused) throw refused;
  // What arrived moved while the gas was on its way (a reorg, a late transfer): the amount shown is no longer the excess.
  if (compareDecimal(current.excess, order.excess) !== 0) throw conflict('api.refundExcessChanged', { orderNo: order.orderNo });
  const recorded = await recordSweepTransfer(trx, refund, send);
  const row = {
    movementId: recorded.movementId,
    amount: refund.amount,
    toAddress: refund.to,
    createdBy: refund.createdBy,
    createdAt: send.now,
  };
  await trx
    .insertInto('orderRefund')
    .values({ orderId: order.id, orgId: order.orgId, ...row })
    // A refund whose movement failed (nothing left the address) is taken over: one row per order, ever.
    .onConflict((oc) => oc.column('orderId').doUpdateSet(row))
    .execute();
  // Executed at once (a simulated chain): its movement was booked before this row named it a refund, so
  // its event is written now. On a chain, the settle that books it writes it (server/modules/outflow/execution.ts).
  if (!recorded.sending) await announceOutflowExecuted(trx, { movementId: recorded.movementId }, { at: send.now });
  return recorded;
}
