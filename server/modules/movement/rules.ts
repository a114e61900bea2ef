import { sql, type Transaction } from 'kysely';
import type { Database } from '../../db/schema';
import { badRequest, fieldError } from '../../http/apiError';
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
 * org from a cold one. Transfers and refunds go to any valid address.
 */
export async function checkDestination(trx: Trx, kind: MovementKind, wallet: SourceWallet, to: string): Promise<void> {
  if (kind !== 'withdraw' && kind !== 'supply') return;
  const ours = await trx.selectFrom('chainWallet').select(['id', 'orgId', 'kind']).where('chainId', '=', wallet.chainId).where('address', '=', to).executeTakeFirst();
  if (kind === 'withdraw') {
    if (ours) throw fieldError('to', 'validation.withdrawToOwnWallet');
    return;
  }
  if (!isColdKind(wallet.kind)) throw fieldError('walletId', 'validation.supplyFromCold');
  if (!ours || ours.orgId !== wallet.orgId || isColdKind(ours.kind) || ours.id === wallet.id) throw fieldError('to', 'validation.supplyDestination');
}

/** A withdraw is at least the currency's minimum; its fee is the currency's withdraw fee. */
export async function withdrawFee(trx: Trx, currency: { minWithdraw: string; withdrawFee: string }, amount: string): Promise<string> {
  const { below } = await trx.selectNoFrom(sql<boolean>`${amount}::numeric < ${currency.minWithdraw}::numeric`.as('below')).executeTakeFirstOrThrow();
  if (below) throw fieldError('amount', 'validation.belowMinWithdraw', { min: currency.minWithdraw });
  return currency.withdrawFee;
}

/**
 * A refund returns money of a paid order (found of the wallet's org and chain), in the
 * order's currency, at most what is left after earlier refunds (those whose proposal was
 * denied or expired returned nothing). The order row stays locked until the caller
 * commits, so two refunds of one order cannot both pass on the same remainder.
 */
export async function checkRefund(trx: Trx, orderId: number, currencyId: number, amount: string): Promise<number> {
  const order = await trx.selectFrom('paymentOrder').select(['id', 'status', 'currencyId']).where('id', '=', orderId).forUpdate().executeTakeFirstOrThrow();
  if (order.status !== 'paid') throw fieldError('orderNo', 'validation.orderNotPaid');
  if (order.currencyId !== currencyId) throw fieldError('symbol', 'validation.refundCurrency');
  const { left } = await trx
    .selectFrom('paymentOrder as o')
    .select(
      sql<string>`trim_scale(o.amount - coalesce((select sum(m.amount) from movement m left join proposal p on p.id = m.proposal_id where m.order_id = o.id and (p.id is null or p.status not in ('denied', 'expired'))), 0))::text`.as('left'),
    )
    .where('o.id', '=', order.id)
    .executeTakeFirstOrThrow();
  const { fits } = await trx.selectNoFrom(sql<boolean>`${left}::numeric >= ${amount}::numeric`.as('fits')).executeTakeFirstOrThrow();
  if (!fits) throw badRequest({ amount: { key: 'validation.refundExceedsOrder', params: { left } } });
  return order.id;
}
