import { sql, type Transaction } from 'kysely';
import type { Database } from '../../db/schema';
import { badRequest, conflict, fieldError } from '../../http/apiError';
import { BodyCode } from '../../../src/contract/envelope';
import { isColdKind } from '../../../src/contract/contractKinds';
import type { MovementKind } from '../../../src/contract/movement';

type Trx = Transaction<Database>;

interface SourceWallet {
  id: number;
  orgId: number;
  chainId: number;
  kind: string;
}

/**
 * Where each kind may send money, beyond a valid address of the chain: a withdraw leaves
 * the platform (never one of our wallets); a supply tops up a non-cold wallet of the same
 * org from a cold one. Transfers and refunds go to any valid address. Returns the refused
 * field and message key, or null.
 */
export async function destinationRefusal(
  trx: Trx,
  kind: string,
  wallet: SourceWallet,
  to: string,
): Promise<{ field: string; key: string } | null> {
  if (kind !== 'withdraw' && kind !== 'supply') return null;
  const ours = await trx
    .selectFrom('chainWallet')
    .select(['id', 'orgId', 'kind'])
    .where('chainId', '=', wallet.chainId)
    .where('address', '=', to)
    .executeTakeFirst();
  if (kind === 'withdraw') return ours ? { field: 'to', key: 'validation.withdrawToOwnWallet' } : null;
  if (!isColdKind(wallet.kind)) return { field: 'walletId', key: 'validation.supplyFromCold' };
  if (!ours || ours.orgId !== wallet.orgId || isColdKind(ours.kind) || ours.id === wallet.id)
    return { field: 'to', key: 'validation.supplyDestination' };
  return null;
}

/** At start: a refused destination is a field error of the form. */
export async function checkDestination(trx: Trx, kind: MovementKind, wallet: SourceWallet, to: string): Promise<void> {
  const refusal = await destinationRefusal(trx, kind, wallet, to);
  if (refusal) throw fieldError(refusal.field, refusal.key);
}

/** A withdraw is at least the currency's minimum; its fee is the currency's withdraw fee. */
export async function withdrawFee(trx: Trx, currency: { minWithdraw: string; withdrawFee: string }, amount: string): Promise<string> {
  const { below } = await trx
    .selectNoFrom(sql<boolean>`${amount}::numeric < ${currency.minWithdraw}::numeric`.as('below'))
    .executeTakeFirstOrThrow();
  if (below) throw fieldError('amount', 'validation.belowMinWithdraw', { min: currency.minWithdraw });
  return currency.withdrawFee;
}

/**
 * What is left to refund of an order, and whether `amount` fits in it, in one query. At start
 * every refund that may still move money counts (open proposals included); at execution only
 * what has moved (direct refunds and executed proposals).
 */
async function refundRoom(
  trx: Trx,
  orderId: number,
  amount: string,
  counting: 'promised' | 'moved',
): Promise<{ left: string; fits: boolean }> {
  const counted = counting === 'promised' ? sql`p.status not in ('denied', 'expired', 'superseded')` : sql`p.status = 'executed'`;
  return trx
    .selectFrom(
      trx
        .selectFrom('paymentOrder as o')
        .select(
          sql<string>`trim_scale(o.amount - coalesce((select sum(m.amount) from movement m left join proposal p on p.id = m.proposal_id where m.order_id = o.id and (p.id is null or ${counted})), 0))`.as(
            'left',
          ),
        )
        .where('o.id', '=', orderId)
        .as('room'),
    )
    .select([sql<string>`room.left::text`.as('left'), sql<boolean>`room.left >= ${amount}::numeric`.as('fits')])
    .executeTakeFirstOrThrow();
}

/** The order a refund pays back, locked until the caller commits: refunds of one order queue here. */
const lockRefundedOrder = (trx: Trx, orderId: number) =>
  trx.selectFrom('paymentOrder').select(['id', 'status', 'currencyId']).where('id', '=', orderId).forUpdate().executeTakeFirstOrThrow();

/**
 * A refund returns money of a paid order (found of the wallet's org and chain), in the
 * order's currency, at most what is left after earlier refunds, open ones included (those
 * whose proposal was denied, expired or superseded returned nothing). The order row stays locked until the caller
 * commits, so two refunds of one order cannot both pass on the same remainder.
 */
export async function checkRefund(trx: Trx, orderId: number, currencyId: number, amount: string): Promise<number> {
  const order = await lockRefundedOrder(trx, orderId);
  if (order.status !== 'paid') throw fieldError('orderNo', 'validation.orderNotPaid');
  if (order.currencyId !== currencyId) throw fieldError('symbol', 'validation.refundCurrency');
  const { left, fits } = await refundRoom(trx, order.id, amount, 'promised');
  if (!fits) throw badRequest({ amount: { key: 'validation.refundExceedsOrder', params: { left } } });
  return order.id;
}

/**
 * A money proposal's kind rules once more at execution, on what is locked now (the
 * wallets, then the proposal): much may have changed since it started. A withdraw still
 * leaves the platform and a supply still reaches a hot wallet of the org; a refund's
 * order is still paid and the refunds executed so far leave room for this one.
 */
export async function recheckAtExecution(
  trx: Trx,
  proposal: {
    id: number;
    kind: string;
    walletId: number;
    orgId: number;
    chainId: number;
    toAddress: string;
    orderId: number | null;
    amount: string;
  },
): Promise<void> {
  const wallet = await trx
    .selectFrom('chainWallet')
    .select(['id', 'orgId', 'chainId', 'kind'])
    .where('id', '=', proposal.walletId)
    .executeTakeFirstOrThrow();
  const refusal = await destinationRefusal(trx, proposal.kind, wallet, proposal.toAddress);
  if (refusal)
    throw proposal.kind === 'supply'
      ? conflict('api.supplyDestinationGone')
      : fieldError(refusal.field, refusal.key, undefined, BodyCode.conflict);
  if (proposal.kind !== 'refund' || proposal.orderId === null) return;
  const order = await lockRefundedOrder(trx, proposal.orderId);
  const { left, fits } = await refundRoom(trx, order.id, proposal.amount, 'moved');
  if (order.status !== 'paid' || !fits) throw conflict('api.refundExceedsNow', { left });
}
