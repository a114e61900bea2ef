import { randomBytes } from 'node:crypto';
import { sql, type Transaction } from 'kysely';
import type { Database } from '../../db/schema';
import { ApiError } from '../../http/apiError';
import { BodyCode } from '../../../src/contract/envelope';

type Trx = Transaction<Database>;

/** A well-formed transaction hash for the chain family (the reference server simulates the chain). */
export const simulatedTxHash = (family: string) => (family === 'evm' ? `0x${randomBytes(32).toString('hex')}` : randomBytes(32).toString('hex'));

/**
 * Moves the amount out of the wallet (and into a destination wallet of ours on the
 * same chain, if `to` is one), with ledger entries, in the caller's transaction.
 * The balance is re-checked here: it may have changed since the proposal started.
 */
export async function executeTransfer(
  trx: Trx,
  proposal: { id: number; walletId: number; chainId: number; currencyId: number; amount: string; toAddress: string; symbol: string },
  txHash: string,
): Promise<void> {
  const debited = await trx
    .updateTable('walletBalance')
    .set({ amount: sql`amount - ${proposal.amount}::numeric`, updatedAt: new Date() })
    .where('walletId', '=', proposal.walletId)
    .where('currencyId', '=', proposal.currencyId)
    .where(sql<boolean>`amount >= ${proposal.amount}::numeric`)
    .returning('amount')
    .executeTakeFirst();
  if (!debited) throw new ApiError(BodyCode.conflict, 'api.insufficientBalanceNow', { params: { symbol: proposal.symbol } });
  await trx
    .insertInto('ledgerEntry')
    .values({ walletId: proposal.walletId, currencyId: proposal.currencyId, delta: `-${proposal.amount}`, balanceAfter: debited.amount, reason: 'proposal', proposalId: proposal.id, txHash })
    .execute();

  const destination = await trx
    .selectFrom('chainWallet')
    .select('id')
    .where('chainId', '=', proposal.chainId)
    .where(sql`lower(address)`, '=', proposal.toAddress.toLowerCase())
    .executeTakeFirst();
  if (!destination) return;
  const credited = await trx
    .insertInto('walletBalance')
    .values({ walletId: destination.id, currencyId: proposal.currencyId, amount: proposal.amount })
    .onConflict((oc) => oc.columns(['walletId', 'currencyId']).doUpdateSet({ amount: sql`wallet_balance.amount + excluded.amount`, updatedAt: new Date() }))
    .returning('amount')
    .executeTakeFirstOrThrow();
  await trx
    .insertInto('ledgerEntry')
    .values({ walletId: destination.id, currencyId: proposal.currencyId, delta: proposal.amount, balanceAfter: credited.amount, reason: 'proposal', proposalId: proposal.id, txHash })
    .execute();
}
