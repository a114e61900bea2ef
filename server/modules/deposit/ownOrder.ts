import { NoResultError, sql, type Transaction } from 'kysely';
import type { Database } from '../../db/schema';
import type { IncomingTransfer } from '../../chain/adapter';
import { markOrderPaid, paysNoOrderYet } from '../ledger/orderCredit';
import { positive, postEntries } from '../ledger/post';
import { compareDecimal } from '../../../src/contract/money';
import { orderStateOf } from '../../../src/contract/orderState';
import type { OrderState } from '../../../src/contract/schemas/merchantOrder';
import { isWebhookEvent } from '../../../src/contract/webhook';
import { orderEventData } from '../merchantOrder/service';
import { emitWebhookEvent, webhookSubject } from '../webhook/outbox';
import { claimExpiryAnnouncement } from './orderExpiry';

type Trx = Transaction<Database>;

export interface OwnOrder {
  id: number;
  orgId: number;
  chainId: number;
  currencyId: number;
  amount: string;
  depositAddress: string;
  status: string;
  expiresAt: Date | null;
}

/**
 * A transfer into an order's own address (docs/payments.md "Order states"): whatever arrives there is
 * that order's, so no amount needs to match.
 *
 * - While the order is pending and before its expiry, the transfers add up: when they reach its amount
 *   it is paid by the transfer that completed it — the order's credit, the earlier parts (standing as
 *   deposits of the address) given up to it, and anything beyond the amount a deposit again (the
 *   excess, kept for refund). Short of it, the transfer is a deposit and the order underpaid.
 * - Otherwise (paid already, expired, another currency, or a transaction that paid another order) it is
 *   a deposit of the address: counted, and paying nothing by accident (overpaid, paid late).
 *
 * The entries naming the transaction add up to what it delivered (the ledger's transfer check). When
 * the transfer changes the order's state to paid, underpaid, overpaid or paid late, that state's
 * webhook event is written in the same transaction (docs/webhooks.md "Events"): once per change,
 * since a transfer is booked once.
 */
export async function bookToOwnOrder(trx: Trx, order: OwnOrder, transfer: IncomingTransfer, booked: Booked): Promise<void> {
  const paid = await bookAndPay(trx, order, transfer, booked);
  await announceStateChange(trx, order, booked, paid ? 'paid' : order.status);
}

interface Booked {
  amount: string;
  blockTime: Date;
  walletId: number;
  currencyId: number;
}

/** The transfers at the order's address in its currency still on the chain (this one included: it is recorded first). */
const arrivedAt = (trx: Trx, order: OwnOrder) =>
  trx
    .selectFrom('chainTransfer')
    .where('chainId', '=', order.chainId)
    .where('toAddress', '=', order.depositAddress)
    .where('currencyId', '=', order.currencyId)
    .where('vanishedAt', 'is', null);

/** Books the transfer; true when it paid the order. */
async function bookAndPay(trx: Trx, order: OwnOrder, transfer: IncomingTransfer, booked: Booked): Promise<boolean> {
  const deposit = (delta: string) =>
    postEntries(trx, [
      { walletId: booked.walletId, currencyId: booked.currencyId, delta, reason: 'deposit', txHash: transfer.txHash, at: booked.blockTime },
    ]);
  // No lower bound on the block's time: nothing can reach the address before its order made it known,
  // and a block's time is whole seconds on the chain's clock, so a payment mined in the order's first
  // second (or on a chain whose clock runs behind ours) would read as sent before the order.
  const open =
    order.status === 'pending' &&
    order.currencyId === booked.currencyId &&
    (order.expiresAt === null || booked.blockTime.getTime() <= order.expiresAt.getTime());
  if (!open) return deposit(booked.amount).then(() => false);
  const { received, unused } = await arrivedAt(trx, order)
    .select([
      sql<string>`coalesce(trim_scale(sum(amount)), 0)::text`.as('received'),
      sql<boolean>`${paysNoOrderYet(transfer.txHash.toLowerCase())}`.as('unused'),
    ])
    .executeTakeFirstOrThrow();
  if (compareDecimal(received, order.amount) < 0 || !unused) return deposit(booked.amount).then(() => false);
  await markOrderPaid(trx, order, { txHash: transfer.txHash, paidAt: booked.blockTime, payerAddress: transfer.from }, 'address');
  const { excess } = await sql<{ excess: string }>`select trim_scale(${received}::numeric - ${order.amount}::numeric)::text as excess`
    .execute(trx)
    .then((r) => r.rows[0]!);
  if (positive(excess)) await deposit(excess);
  return true;
}

/**
 * The order's state before and after the transfer, both at its block's time (what arrived before
 * it is what arrives now less its amount); a change to a state with an event writes that event.
 * A transfer in another currency changes nothing the order's state reads.
 */
async function announceStateChange(trx: Trx, order: OwnOrder, booked: Booked, statusAfter: string): Promise<void> {
  if (booked.currencyId !== order.currencyId) return;
  const { before, after } = await arrivedAt(trx, order)
    .select([
      sql<string>`coalesce(trim_scale(sum(amount) - ${booked.amount}::numeric), 0)::text`.as('before'),
      sql<string>`coalesce(trim_scale(sum(amount)), 0)::text`.as('after'),
    ])
    .executeTakeFirstOrThrow();
  const at = booked.blockTime;
  const was = orderStateOf({ ...order, received: before }, at);
  const now = orderStateOf({ ...order, status: statusAfter, received: after }, at);
  await announceOrderState(trx, order, was, now, at);
}

/**
 * Writes the event of an order's change of state from `was` to `now` (docs/webhooks.md "Events"):
 * nothing when the state stays or has no event. An order that leaves `expired` (paid late, or
 * re-credited) takes its expiry's announcement over (server/modules/deposit/orderExpiry.ts), so the
 * sweep's `order.expired` never arrives after the event that ended it. What the deposit watcher and
 * the order repair (server/modules/orderRepair) both write.
 */
export async function announceOrderState(
  trx: Trx,
  order: { id: number; orgId: number },
  was: OrderState,
  now: OrderState,
  at: Date,
): Promise<void> {
  const type = `order.${now}`;
  if (was === now || !isWebhookEvent(type)) return;
  if (was === 'expired') await claimExpiryAnnouncement(trx, order.id, at);
  await emitWebhookEvent(trx, order.orgId, type, await orderEventData(trx, order.id, at), at, webhookSubject('order', order.id));
}

/**
 * Runs a change of an order outside the watcher (a repair's credit) and writes the event of the
 * state it changed to, as the watcher would for a transfer (`announceOrderState`), both states read at `at`.
 */
export async function announcingOrderChange<T>(
  trx: Trx,
  order: { id: number; orgId: number },
  at: Date,
  change: () => Promise<T>,
): Promise<T> {
  const was = await orderEventState(trx, order.id, at);
  const result = await change();
  const now = await orderEventState(trx, order.id, at);
  if (was !== null && now !== null) await announceOrderState(trx, order, was, now, at);
  return result;
}

/**
 * An order's state at `at` as its events carry it (the merchant API's); null for an order without an
 * address of its own, which has no events.
 */
async function orderEventState(trx: Trx, orderId: number, at: Date): Promise<OrderState | null> {
  const data = await orderEventData(trx, orderId, at).catch((error: unknown) => {
    if (error instanceof NoResultError) return null;
    throw error;
  });
  return data === null ? null : (data as { status: OrderState }).status;
}
