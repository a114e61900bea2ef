import { sql, type Transaction } from 'kysely';
import type { Database } from '../../db/schema';
import { positive } from '../ledger/post';
import { emitWebhookEvent, webhookSubject } from '../webhook/outbox';

type Trx = Transaction<Database>;

/** Whose execution: a direct movement's, or a proposal's (its movement, if one started it, found by it). */
export type ExecutedOwner = { movementId: number; proposalId?: undefined } | { proposalId: number; movementId?: undefined };

/** How it was executed, when the rows do not say it yet: the chain's hash, the fee actually charged. */
export interface Execution {
  txHash?: string;
  /** '0' when the fee's own transaction did not go (settle.ts); the row's fee otherwise. */
  fee?: string;
  at: Date;
}

interface Executed {
  movementId: number | null;
  proposalId: number | null;
  kind: string;
  orgId: number;
  walletId: number;
  chainId: number;
  symbol: string;
  amount: string;
  fee: string;
  toAddress: string;
  txHash: string | null;
  /** Set for a refund of the order-refund screen (server/modules/orderRefund), whose movement is a plain transfer. */
  refundId: number | null;
  orderId: number | null;
  orderNo: string | null;
}

const movementExecuted = (trx: Trx, movementId: number) =>
  trx
    .selectFrom('movement as m')
    .leftJoin('orderRefund as r', 'r.movementId', 'm.id')
    .leftJoin('paymentOrder as o', (join) => join.on(sql<boolean>`o.id = coalesce(r.order_id, m.order_id)`))
    .select([
      'm.id as movementId',
      'm.proposalId',
      'm.kind',
      'm.orgId',
      'm.walletId',
      'm.chainId',
      'm.symbol',
      sql<string>`trim_scale(m.amount)::text`.as('amount'),
      sql<string>`trim_scale(m.fee)::text`.as('fee'),
      'm.toAddress',
      'm.txHash',
      'r.id as refundId',
      'o.id as orderId',
      'o.orderNo',
    ])
    .where('m.id', '=', movementId)
    .executeTakeFirstOrThrow();

const proposalExecuted = (trx: Trx, proposalId: number) =>
  trx
    .selectFrom('proposal as p')
    .leftJoin('movement as m', 'm.proposalId', 'p.id')
    .leftJoin('paymentOrder as o', 'o.id', 'p.orderId')
    .select([
      'm.id as movementId',
      'p.id as proposalId',
      'p.kind',
      'p.orgId',
      'p.walletId',
      'p.chainId',
      'p.symbol',
      sql<string>`trim_scale(p.amount)::text`.as('amount'),
      sql<string>`trim_scale(p.fee)::text`.as('fee'),
      'p.toAddress',
      'p.txHash',
      sql<number | null>`null::integer`.as('refundId'),
      'o.id as orderId',
      'o.orderNo',
    ])
    .where('p.id', '=', proposalId)
    .executeTakeFirstOrThrow();

/**
 * Writes `refund.executed` or `withdrawal.executed` for money that has just left (docs/webhooks.md
 * "Events"), in the transaction that books it executed, to the org whose wallet it left: a
 * withdrawal (kind `withdraw`), a refund (kind `refund`, or the order-refund screen's transfer),
 * by a movement or a proposal; any other outflow (a transfer, a sweep, a gas top-up) has no event.
 * Booked once (the intent log settles an outflow once, a resume included), so written once; a
 * transaction the chain reverted is never booked executed, so it has none.
 */
export async function announceOutflowExecuted(trx: Trx, owner: ExecutedOwner, execution: Execution): Promise<void> {
  const row: Executed =
    owner.movementId !== undefined ? await movementExecuted(trx, owner.movementId) : await proposalExecuted(trx, owner.proposalId);
  const refund = row.refundId !== null || row.kind === 'refund';
  if (!refund && row.kind !== 'withdraw') return;
  const subject =
    refund && row.orderId !== null
      ? webhookSubject('order', row.orderId)
      : row.proposalId !== null
        ? webhookSubject('proposal', row.proposalId)
        : webhookSubject('movement', row.movementId!);
  const fee = execution.fee !== undefined && !positive(execution.fee) ? '0' : row.fee;
  const data = {
    movementId: row.movementId,
    proposalId: row.proposalId,
    ...(refund ? { orderId: row.orderId, orderNo: row.orderNo } : {}),
    walletId: row.walletId,
    chainId: row.chainId,
    currency: row.symbol,
    amount: row.amount,
    fee,
    toAddress: row.toAddress,
    txHash: execution.txHash ?? row.txHash,
    executedAt: execution.at.toISOString(),
  };
  await emitWebhookEvent(trx, row.orgId, refund ? 'refund.executed' : 'withdrawal.executed', data, execution.at, subject);
}
