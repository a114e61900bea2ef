import { sql, type Transaction } from 'kysely';
import { formatUnits, getAddress, parseUnits } from 'viem';
import type { Database } from '../../db/schema';
import { systemAuditContext } from '../../http/auditContext';
import type { ChainAdapter } from '../../chain/adapter';
import { postEntries } from '../ledger/post';

type Trx = Transaction<Database>;

/** The audit trail's name for the watcher booking coin found by reconciliation: a system action, no actor. */
export const RECONCILE_CONTEXT = systemAuditContext('chain reconcile');

/** Credits of the platform's own executions: a Safe's payment or fee into one of our wallets arrives by an internal call too, and is booked by its proposal. */
const BOOKED_BY_EXECUTIONS = ['movement', 'proposal', 'fee'] as const;

/** One wallet's native coin over a range of blocks, read from the chain (smallest units). */
export interface NativeChange {
  walletId: number;
  /** The balance's change beyond what its own transactions and those sent to it moved. */
  unexplained: bigint;
  /** Transactions of the range sent to our other wallets (a Safe's executions): credits the books hold under these hashes came by them. */
  foreign: string[];
}

/**
 * Reads, outside any transaction, what the chain did to the native coin of each of our wallets
 * that is not a Safe over blocks `from`..`to` (docs/ledger.md "Internal transfers"): its balance
 * after the range, minus before it, minus the value of the transactions sent to it, plus what its
 * own transactions sent and paid in fees. What is left came without a transaction of its own: a
 * contract forwarding coin, a self-destruct, a block reward. Only the chain is read, so a
 * difference between the books and the chain (an outflow whose booking has not committed, an
 * edited balance) is never taken for income. A Safe's coin leaves by internal calls (its
 * executions), which this arithmetic does not see: Safes are left to the ledger's chain check.
 *
 * Answers the wallets whose balance rose beyond that; a fall beyond it is not booked (the
 * ledger's `chainBalance` check names the wallet).
 */
export async function readNativeChanges(
  adapter: ChainAdapter,
  wallets: ReadonlyArray<{ id: number; address: string; safe: boolean }>,
  from: bigint,
  to: bigint,
): Promise<NativeChange[]> {
  const plain = wallets.filter((w) => !w.safe);
  if (plain.length === 0 || to < from || from === 0n) return [];
  // Every wallet of ours is watched: transactions to a Safe (its executions) are what `foreign` lists.
  const flows = await adapter.nativeFlows(
    wallets.map((w) => w.address),
    from,
    to,
  );
  const changes: NativeChange[] = [];
  for (const wallet of plain) {
    const address = getAddress(wallet.address);
    const before = await adapter.balanceOf(address, null, from - 1n);
    const after = await adapter.balanceOf(address, null, to);
    const flow = flows.byAddress.get(address);
    const unexplained = after - before - (flow?.received ?? 0n) + (flow?.spent ?? 0n);
    if (unexplained <= 0n) continue;
    changes.push({ walletId: wallet.id, unexplained, foreign: [...flows.toWatched].filter((hash) => !flow?.hashes.has(hash)) });
  }
  return changes;
}

/**
 * Books, in the watcher's transaction that moves its cursor past `from`..`to`, the coin each change
 * found beyond what the platform's own executions credited under those blocks' hashes: one
 * `chain_internal_credit` row (audited, under RECONCILE_CONTEXT) and its `internal transfer` entry.
 * The wallet's row is taken FOR SHARE first: an execution crediting it (it holds the row FOR
 * UPDATE until its books commit) finishes first. A range already booked is left alone (unique
 * per wallet and first block). Answers how many credits were booked.
 */
export async function bookInternalCredits(
  trx: Trx,
  chainId: number,
  native: { id: number; decimals: number },
  changes: readonly NativeChange[],
  range: { from: bigint; to: bigint },
  now: Date,
): Promise<number> {
  let booked = 0;
  // An outflow of ours sent and not yet booked (docs/chains.md "The intent log") may be what moved
  // the coin: its credit comes with its booking, so the range waits for it (the next poll).
  if (changes.length > 0) {
    const unbooked = await trx
      .selectFrom('chainIntent')
      .select('id')
      .where('chainId', '=', chainId)
      .where('settledAt', 'is', null)
      .where('state', '<>', 'recorded')
      .executeTakeFirst();
    if (unbooked)
      throw new Error(`chain ${chainId}: an outflow sent in these blocks is not booked yet; its range is read again on the next poll`);
  }
  for (const change of changes) {
    await trx.selectFrom('chainWallet').select('id').where('id', '=', change.walletId).forShare().execute();
    const executions =
      change.foreign.length === 0
        ? '0'
        : (
            await trx
              .selectFrom('ledgerEntry')
              .select(sql<string>`trim_scale(coalesce(sum(delta), 0))::text`.as('total'))
              .where('walletId', '=', change.walletId)
              .where('currencyId', '=', native.id)
              .where('reason', 'in', BOOKED_BY_EXECUTIONS)
              .where('delta', '>', sql<string>`0`)
              // Under the chain's hash, or under its proposal's or movement's (a Safe's entries carry the Safe transaction's hash).
              .where((eb) =>
                eb.or([
                  eb(sql`lower(tx_hash)`, 'in', change.foreign),
                  eb(
                    'proposalId',
                    'in',
                    eb
                      .selectFrom('proposal')
                      .select('id')
                      .where(sql`lower(tx_hash)`, 'in', change.foreign),
                  ),
                  eb(
                    'movementId',
                    'in',
                    eb
                      .selectFrom('movement')
                      .select('id')
                      .where(sql`lower(tx_hash)`, 'in', change.foreign),
                  ),
                ]),
              )
              .executeTakeFirstOrThrow()
          ).total;
    const found = change.unexplained - parseUnits(executions, native.decimals);
    if (found <= 0n) continue;
    const amount = formatUnits(found, native.decimals);
    const record = await trx
      .insertInto('chainInternalCredit')
      .values({
        chainId,
        walletId: change.walletId,
        currencyId: native.id,
        fromBlock: Number(range.from),
        toBlock: Number(range.to),
        amount,
        createdAt: now,
      })
      .onConflict((oc) => oc.doNothing())
      .returning('id')
      .executeTakeFirst();
    if (!record) continue;
    await postEntries(trx, [
      {
        walletId: change.walletId,
        currencyId: native.id,
        delta: amount,
        reason: 'internal transfer',
        internalCreditId: record.id,
        txHash: null,
        at: now,
      },
    ]);
    booked += 1;
  }
  return booked;
}
