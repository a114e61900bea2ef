import { sql, type Transaction } from 'kysely';
import type { Db } from '../../db/database';
import type { Database } from '../../db/schema';
import type { ChainAdapter } from '../../chain/adapter';
import { systemAuditContext, withAuditContext } from '../../http/auditContext';
import { postEntries, shortfalls, type Posting } from '../ledger/post';

type Trx = Transaction<Database>;

/**
 * How many of the last blocks read the watcher keeps the hashes of, per chain (docs/chains.md
 * "Reorgs"): a reorg deeper than this is still seen (the newest kept hash differs) but its fork
 * point is taken as the oldest kept block, as no older hash is known.
 */
export const KEPT_BLOCKS = 256;

/** The audit trail's name for the watcher undoing a reorg: a system action, no actor (docs/DECISIONS.md "Audit trail"). */
const REORG_CONTEXT = systemAuditContext('chain reorg');

/** A reorg the watcher undid: the blocks after `forkBlock` it had read are gone from the chain. */
export interface Reorg {
  chainId: number;
  /** The last block both branches share. */
  forkBlock: bigint;
  /**
   * Where the watcher reads again: the block after the fork, or the first block of an internal
   * credit it reversed that began at or before the fork (its range is reconciled again whole).
   */
  readFrom: bigint;
  /** The last block it had read, whose hash the chain no longer has. */
  lastBlock: bigint;
  /** Transactions whose credits were reversed. */
  reversed: number;
  /** Transactions left booked: their wallet had spent the credit (docs/DECISIONS.md "Reorgs"). */
  unreversed: string[];
  /** No kept hash matched: the fork is at or below the oldest kept block. */
  beyondKept: boolean;
}

/** Keeps the hashes of blocks just read, in the transaction that books them; only the newest KEPT_BLOCKS stay. */
export async function keepBlockHashes(trx: Trx, chainId: number, hashes: ReadonlyMap<bigint, string>): Promise<void> {
  if (hashes.size === 0) return;
  const rows = [...hashes].map(([blockNumber, blockHash]) => ({ chainId, blockNumber: Number(blockNumber), blockHash }));
  await trx
    .insertInto('chainBlock')
    .values(rows)
    .onConflict((oc) => oc.columns(['chainId', 'blockNumber']).doUpdateSet((eb) => ({ blockHash: eb.ref('excluded.blockHash') })))
    .execute();
  const newest = Math.max(...rows.map((r) => r.blockNumber));
  await trx
    .deleteFrom('chainBlock')
    .where('chainId', '=', chainId)
    .where('blockNumber', '<=', newest - KEPT_BLOCKS)
    .execute();
}

/**
 * The check each poll makes first (docs/chains.md "Reorgs"): does the chain still have the last
 * block read, by hash? If not, the fork point is the newest kept block the chain still has, and
 * `undoReorg` takes the books back to it. Answers the reorg undone, or null (none, or another
 * instance undid it first).
 */
export async function checkReorg(db: Db, adapter: ChainAdapter, chainId: number, now: Date): Promise<Reorg | null> {
  const kept = await db
    .selectFrom('chainBlock')
    .select(['blockNumber', 'blockHash'])
    .where('chainId', '=', chainId)
    .orderBy('blockNumber', 'desc')
    .limit(KEPT_BLOCKS)
    .execute();
  const [last] = kept;
  if (!last) return null;
  const sameAt = async (block: { blockNumber: number; blockHash: string }) =>
    (await adapter.blockHash(BigInt(block.blockNumber)))?.toLowerCase() === block.blockHash.toLowerCase();
  if (await sameAt(last)) return null;
  let forkBlock: bigint | null = null;
  for (const block of kept.slice(1)) {
    if (await sameAt(block)) {
      forkBlock = BigInt(block.blockNumber);
      break;
    }
  }
  const beyondKept = forkBlock === null;
  return undoReorg(db, chainId, { forkBlock: forkBlock ?? BigInt(kept[kept.length - 1].blockNumber) - 1n, last, beyondKept }, now);
}

/**
 * Takes the books back to the fork point, in one transaction (docs/chains.md "Reorgs"): each
 * transaction read after it is reversed with `reorg` entries (the entries it reverses stay), the
 * orders it paid are pending again, its transfers are marked vanished, the kept hashes after the
 * fork go and the cursor moves back to the block after it; a `chain_reorg` row records it in the
 * audit trail (route `chain reorg`). Only if the last kept hash is still the one the check read:
 * otherwise another instance undid this reorg already.
 */
async function undoReorg(
  db: Db,
  chainId: number,
  found: { forkBlock: bigint; last: { blockNumber: number; blockHash: string }; beyondKept: boolean },
  now: Date,
): Promise<Reorg | null> {
  const { forkBlock, last, beyondKept } = found;
  return withAuditContext(REORG_CONTEXT, () =>
    db.transaction().execute(async (trx) => {
      await trx.selectFrom('chainWatch').select('nextBlock').where('chainId', '=', chainId).forUpdate().executeTakeFirst();
      const still = await trx
        .selectFrom('chainBlock')
        .select('blockHash')
        .where('chainId', '=', chainId)
        .where('blockNumber', '=', last.blockNumber)
        .executeTakeFirst();
      if (still?.blockHash !== last.blockHash) return null;

      const vanished = await trx
        .selectFrom('chainTransfer as ct')
        .innerJoin('chainWallet as w', (join) => join.onRef('w.chainId', '=', 'ct.chainId').onRef('w.address', '=', 'ct.toAddress'))
        .select(['ct.id', 'w.id as walletId', 'ct.currencyId', 'ct.txHash'])
        .where('ct.chainId', '=', chainId)
        .where('ct.blockNumber', '>', Number(forkBlock))
        .where('ct.vanishedAt', 'is', null)
        .orderBy('ct.id')
        .execute();
      // Per transaction into a wallet in a currency: what its entries still credit there, per order (null: a deposit).
      const groups = new Map<string, { walletId: number; currencyId: number; txHash: string; ids: number[] }>();
      for (const row of vanished) {
        const key = `${row.walletId}:${row.currencyId}:${row.txHash.toLowerCase()}`;
        const group = groups.get(key) ?? { walletId: row.walletId, currencyId: row.currencyId, txHash: row.txHash, ids: [] };
        group.ids.push(row.id);
        groups.set(key, group);
      }
      let reversed = 0;
      const unreversed: string[] = [];
      for (const group of groups.values()) {
        // The deposit wallet before any order row, as every path that credits does (server/modules/ledger/orderCredit.ts).
        await trx.selectFrom('chainWallet').select('id').where('id', '=', group.walletId).forKeyShare().execute();
        const standing = await trx
          .selectFrom('ledgerEntry')
          .select(['orderId', sql<string>`trim_scale(sum(delta))::text`.as('total'), sql<number>`max(order_round)::integer`.as('round')])
          .where('walletId', '=', group.walletId)
          .where('currencyId', '=', group.currencyId)
          .where('reason', 'in', ['deposit', 'payment', 'reorg'])
          .where(sql`lower(tx_hash)`, '=', group.txHash.toLowerCase())
          .groupBy('orderId')
          .having(sql`sum(delta)`, '<>', 0)
          .execute();
        const postings: Posting[] = standing.map((s) => ({
          walletId: group.walletId,
          currencyId: group.currencyId,
          delta: s.total.startsWith('-') ? s.total.slice(1) : `-${s.total}`,
          reason: 'reorg',
          orderId: s.orderId,
          ...(s.orderId === null ? {} : { orderRound: s.round }),
          txHash: group.txHash,
          at: now,
        }));
        // The wallet spent the credit already: balances never go below zero (docs/DECISIONS.md "Reorgs").
        if ((await shortfalls(trx, postings)).length > 0) {
          unreversed.push(group.txHash);
          continue;
        }
        const orderIds = standing.map((s) => s.orderId).filter((id): id is number => id !== null);
        if (orderIds.length > 0) {
          await trx
            .updateTable('paymentOrder')
            .set({ status: 'pending', fee: '0', paidAt: null, txHash: null, payerAddress: null })
            .where('id', 'in', orderIds)
            .where('status', '=', 'paid')
            .execute();
        }
        await postEntries(trx, postings);
        await trx.updateTable('chainTransfer').set({ vanishedAt: now }).where('id', 'in', group.ids).execute();
        reversed += 1;
      }

      const internal = await reverseInternalCredits(trx, chainId, forkBlock, now);
      reversed += internal.reversed;
      unreversed.push(...internal.unreversed);
      const readFrom = internal.readFrom < forkBlock + 1n ? internal.readFrom : forkBlock + 1n;

      await trx.deleteFrom('chainBlock').where('chainId', '=', chainId).where('blockNumber', '>', Number(forkBlock)).execute();
      await trx
        .updateTable('chainWatch')
        .set({ nextBlock: Number(readFrom), updatedAt: now })
        .where('chainId', '=', chainId)
        .execute();
      await trx
        .insertInto('chainReorg')
        .values({
          chainId,
          forkBlock: Number(forkBlock),
          lastBlock: last.blockNumber,
          lastHash: last.blockHash,
          reversed,
          unreversed: unreversed.length,
          beyondKept,
          createdAt: now,
        })
        .execute();
      return { chainId, forkBlock, readFrom, lastBlock: BigInt(last.blockNumber), reversed, unreversed, beyondKept };
    }),
  );
}

/**
 * The internal credits (docs/ledger.md "Internal transfers") whose blocks reach past the fork: each
 * reversed whole by a `reorg` entry naming its record, which is marked vanished; its range is read
 * again from its first block, so the part before the fork is found again. One the wallet has spent
 * stays booked, as a spent transfer's credit does (docs/DECISIONS.md "Reorgs").
 */
async function reverseInternalCredits(
  trx: Trx,
  chainId: number,
  forkBlock: bigint,
  now: Date,
): Promise<{ reversed: number; unreversed: string[]; readFrom: bigint }> {
  const credits = await trx
    .selectFrom('chainInternalCredit')
    .select(['id', 'walletId', 'currencyId', 'fromBlock', sql<string>`trim_scale(amount)::text`.as('amount')])
    .where('chainId', '=', chainId)
    .where('toBlock', '>', Number(forkBlock))
    .where('vanishedAt', 'is', null)
    .orderBy('id')
    .execute();
  let reversed = 0;
  let readFrom = forkBlock + 1n;
  const unreversed: string[] = [];
  for (const credit of credits) {
    await trx.selectFrom('chainWallet').select('id').where('id', '=', credit.walletId).forKeyShare().execute();
    const posting: Posting = {
      walletId: credit.walletId,
      currencyId: credit.currencyId,
      delta: `-${credit.amount}`,
      reason: 'reorg',
      internalCreditId: credit.id,
      txHash: null,
      at: now,
    };
    if ((await shortfalls(trx, [posting])).length > 0) {
      unreversed.push(`internal credit ${credit.id}`);
      continue;
    }
    await postEntries(trx, [posting]);
    await trx.updateTable('chainInternalCredit').set({ vanishedAt: now }).where('id', '=', credit.id).execute();
    if (BigInt(credit.fromBlock) < readFrom) readFrom = BigInt(credit.fromBlock);
    reversed += 1;
  }
  return { reversed, unreversed, readFrom };
}
