import { sql, type Transaction } from 'kysely';
import type { Database } from '../../db/schema';
import { positive } from '../ledger/post';
import { emitWebhookEvent, webhookSubject } from '../webhook/outbox';

type Trx = Transaction<Database>;

/** Whose execution: a direct movement's, or a proposal's (found by the movement that started it). */
export type ExecutedOwner = { movementId: number; proposalId?: undefined } | { proposalId: number; movementId?: undefined };

/** How it was executed, when the rows do not say it yet: the chain's hash, the fee actually charged. */
export interface Execution {
  txHash?: string;
  /** '0' when the fee's own transaction did not go (settle.ts); the row's fee otherwise. */
  fee?: string;
  at: Date;
}

/**
 * The movement of an outflow, with the order a refund names (its own `order_id`, or the order-refund
 * screen's row naming it: that refund's movement is a plain transfer). A proposal's is the movement
 * that started it (both doors record one, server/modules/outflow/record.ts).
 */
const executedMovement = (trx: Trx, owner: ExecutedOwner) =>
  trx
    .selectFrom('movement as m')
    .leftJoin('orderRefund as r', 'r.movementId', 'm.id')
    .leftJoin('paymentOrder as o', (join) => join.on(sql<boolean>`o.id = coalesce(r.order_id, m.order_id)`))
    .selectAll('m')
    .select([
      sql<string>`trim_scale(m.amount)::text`.as('sent'),
      sql<string>`trim_scale(m.fee)::text`.as('charged'),
      sql<boolean>`r.id is not null or m.kind = 'refund'`.as('refund'),
      'o.id as refundedOrderId',
      'o.orderNo',
    ])
    .where(owner.movementId !== undefined ? 'm.id' : 'm.proposalId', '=', owner.movementId ?? owner.proposalId)
    .executeTakeFirst();

/**
 * Writes `refund.executed` or `withdrawal.executed` for money that has just left (docs/webhooks.md
 * "Events"), in the transaction that books it executed, to the org whose wallet it left: a
 * withdrawal (kind `withdraw`), a refund (kind `refund`, or the order-refund screen's transfer),
 * by a movement or a proposal; any other outflow (a transfer, a sweep, a gas top-up) has no event.
 * Booked once (the intent log settles an outflow once, a resume included), so written once; a
 * transaction the chain reverted is never booked executed, so it has none.
 */
export async function announceOutflowExecuted(trx: Trx, owner: ExecutedOwner, execution: Execution): Promise<void> {
  const row = await executedMovement(trx, owner);
  if (!row || (!row.refund && row.kind !== 'withdraw')) return;
  const subject =
    row.refund && row.refundedOrderId !== null
      ? webhookSubject('order', row.refundedOrderId)
      : row.proposalId !== null
        ? webhookSubject('proposal', row.proposalId)
        : webhookSubject('movement', row.id);
  const data = {
    movementId: row.id,
    proposalId: row.proposalId,
    ...(row.refund ? { orderId: row.refundedOrderId, orderNo: row.orderNo } : {}),
    walletId: row.walletId,
    chainId: row.chainId,
    currency: row.symbol,
    amount: row.sent,
    fee: execution.fee !== undefined && !positive(execution.fee) ? '0' : row.charged,
    toAddress: row.toAddress,
    txHash: execution.txHash ?? row.txHash,
    executedAt: execution.at.toISOString(),
  };
  await emitWebhookEvent(trx, row.orgId, row.refund ? 'refund.executed' : 'withdrawal.executed', data, execution.at, subject);
}
