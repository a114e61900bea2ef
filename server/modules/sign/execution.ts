import { randomBytes } from 'node:crypto';
import { sql, type Transaction } from 'kysely';
import type { Database } from '../../db/schema';
import { conflict } from '../../http/apiError';

type Trx = Transaction<Database>;

/** A well-formed transaction hash for the chain family (the reference server simulates the chain): 0x + 64 hex on EVM, 64 hex on TRON. */
export const simulatedTxHash = (family: string) => (family === 'evm' ? `0x${randomBytes(32).toString('hex')}` : randomBytes(32).toString('hex'));

export interface ExecutionTarget {
  walletId: number;
  chainId: number;
  toAddress: string;
}

/**
 * Locks the wallets an execution touches, before the proposal row: the source wallet
 * (so confirms of one wallet, their nonce checks and balance changes run one at a
 * time) and, when `to` is one of our wallets on the same chain, the destination too.
 * Always in ascending id order: two executions moving funds between the same two
 * wallets in opposite directions then queue instead of deadlocking (the ledger and
 * balance rows' foreign keys lock the destination wallet row as well).
 */
export async function lockExecutionWallets(trx: Trx, target: ExecutionTarget): Promise<{ destinationId: number | null }> {
  // Addresses are stored in canonical form (EIP-55, base58check), as is the proposal's `to`.
  const destination = await trx
    .selectFrom('chainWallet')
    .select('id')
    .where('chainId', '=', target.chainId)
    .where('address', '=', target.toAddress)
    .executeTakeFirst();
  const ids = [...new Set([target.walletId, destination?.id ?? target.walletId])].sort((a, b) => a - b);
  for (const id of ids) await trx.selectFrom('chainWallet').select('id').where('id', '=', id).forUpdate().execute();
  return { destinationId: destination?.id ?? null };
}

/** Money to move out of a wallet: a proposal's, or a direct movement's (which may carry a fee). */
export interface Outflow {
  walletId: number;
  currencyId: number;
  amount: string;
  /** Debited on top of the amount (a withdraw's fee); it goes to no wallet of ours. */
  fee?: string;
  symbol: string;
  /** Ledger reason: 'proposal' or 'movement'. */
  reason: string;
  proposalId: number | null;
}

/**
 * Moves the amount (plus any fee) out of the wallet, and the amount into the destination
 * wallet if it is ours, with ledger entries, in the caller's transaction. The balance is
 * re-checked here by the `amount >= x` guard: it may have dropped since a proposal
 * started; then nothing is written and the proposal stays approved.
 */
export async function executeTransfer(trx: Trx, outflow: Outflow, destinationId: number | null, txHash: string, now: Date): Promise<void> {
  const fee = outflow.fee ?? '0';
  const debited = await trx
    .updateTable('walletBalance')
    .set({ amount: sql`amount - (${outflow.amount}::numeric + ${fee}::numeric)`, updatedAt: now })
    .where('walletId', '=', outflow.walletId)
    .where('currencyId', '=', outflow.currencyId)
    .where(sql<boolean>`amount >= ${outflow.amount}::numeric + ${fee}::numeric`)
    .returning(['amount', sql<string>`(-(${outflow.amount}::numeric + ${fee}::numeric))::text`.as('delta')])
    .executeTakeFirst();
  if (!debited) throw conflict('api.insufficientBalanceNow', { symbol: outflow.symbol });
  const entry = { currencyId: outflow.currencyId, reason: outflow.reason, proposalId: outflow.proposalId, txHash, createdAt: now };
  await trx
    .insertInto('ledgerEntry')
    .values({ ...entry, walletId: outflow.walletId, delta: debited.delta, balanceAfter: debited.amount })
    .execute();
  if (destinationId === null) return;

  const credited = await trx
    .insertInto('walletBalance')
    .values({ walletId: destinationId, currencyId: outflow.currencyId, amount: outflow.amount, updatedAt: now })
    .onConflict((oc) => oc.columns(['walletId', 'currencyId']).doUpdateSet({ amount: sql`wallet_balance.amount + excluded.amount`, updatedAt: now }))
    .returning('amount')
    .executeTakeFirstOrThrow();
  await trx.insertInto('ledgerEntry').values({ ...entry, walletId: destinationId, delta: outflow.amount, balanceAfter: credited.amount }).execute();
}
