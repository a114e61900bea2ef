import { getAddress, isAddress } from 'viem';
import type { Db } from '../../db/database';
import type { ChainRegistry } from '../../chain/registry';
import type { ChainAdapter } from '../../chain/adapter';
import { bookTransfer, type WatchedCurrency, type WatchedWallet } from './bookTransfer';
import { checkReorg, keepBlockHashes, type Reorg } from './reorg';
import { bookInternalCredits, readNativeChanges, RECONCILE_CONTEXT } from './internalCredit';
import { withAuditContext } from '../../http/auditContext';
import { reconciledWallets } from './reconciledWallets';

/** The most blocks one poll reads: a watcher that fell behind catches up in steps, each committed. */
const MAX_BLOCKS_PER_POLL = 500n;

export interface PollResult {
  /** Transfers booked by this poll. */
  booked: number;
  /** The first block not read yet (null: a chain with nothing to watch, as a simulated one). */
  nextBlock: bigint | null;
  /** A reorg this poll found and undid before reading (docs/chains.md "Reorgs"). */
  reorg?: Reorg;
}

/**
 * One look at a chain (docs/chains.md "Deposits"): reads the transfers into our wallets in the blocks
 * that have the chain's confirmations and were not read yet, and books them (bookTransfer), with
 * the watcher's cursor moved past them in the same transaction. Safe beside another instance's
 * poll: the range is read outside the transaction, and booked only if the cursor is still where
 * it was read (otherwise that instance booked it).
 *
 * - First it checks the chain still has the last block read (reorg.ts): after a reorg, the books go
 *   back to the fork point and the new branch is read from there (docs/chains.md "Reorgs").
 * - The first poll of a chain starts from the block after its head: what is on the chain already
 *   is in the books (a fresh devnet was made to hold them; a real network's history is before the
 *   platform watched it). A devnet that starts fresh sets the cursor itself (server/chain/materialize.ts).
 * - Transfers from one of our own wallets are left out: the proposal that sent them booked both sides.
 * - Native coin that reached a wallet without a transaction of its own (a contract forwarding it) is
 *   found by reconciling the wallet's balance over the same blocks, and booked with them
 *   (internalCredit.ts; docs/ledger.md "Internal transfers"); an order's own address is reconciled
 *   only until a week after its expiry (reconciledWallets.ts), so this work follows the open orders.
 * - On the devnet, which mines only when a transaction arrives, a transfer into our wallets still
 *   short of its confirmations has the devnet mine an empty block per poll, as a real chain would.
 */
export async function pollChain(db: Db, chains: ChainRegistry, chainId: number, now: Date): Promise<PollResult> {
  const chain = await db
    .selectFrom('chain')
    .select(['chainId', 'family', 'rpcUrl', 'confirmations'])
    .where('chainId', '=', chainId)
    .executeTakeFirst();
  if (!chain || chain.family !== 'evm') return { booked: 0, nextBlock: null };
  const adapter = await chains.adapterFor(chain);
  if (adapter.mode === 'simulated') return { booked: 0, nextBlock: null };
  const head = await adapter.headBlock();
  const cursor = await db.selectFrom('chainWatch').select('nextBlock').where('chainId', '=', chainId).executeTakeFirst();
  // The chain still has the last block read, or the books go back to the fork point first (also
  // when the chain is shorter now: the blocks past its head are gone).
  const reorg = cursor ? ((await checkReorg(db, adapter, chainId, now)) ?? undefined) : undefined;
  const from = reorg ? reorg.readFrom : BigInt(cursor?.nextBlock ?? 0);
  if (!cursor || from > head + 1n) {
    // Never watched, or a chain that went back with nothing kept to compare (a devnet whose folder
    // was removed made its books afresh): from the next block on.
    await startWatching(db, chainId, head + 1n, now);
    return { booked: 0, nextBlock: head + 1n, ...(reorg ? { reorg } : {}) };
  }
  const confirmed = head - BigInt(Math.max(chain.confirmations, 1)) + 1n;
  const to = confirmed < from + MAX_BLOCKS_PER_POLL - 1n ? confirmed : from + MAX_BLOCKS_PER_POLL - 1n;

  const wallets = (
    await db.selectFrom('chainWallet').select(['id', 'address', 'safeSetup']).where('chainId', '=', chainId).execute()
  ).filter((w) => isAddress(w.address));
  const walletOf = new Map<string, WatchedWallet>(wallets.map((w) => [getAddress(w.address), w]));
  const currencies = await db.selectFrom('currency').select(['id', 'contractAddress', 'decimals']).where('chainId', '=', chainId).execute();
  const currencyOf = new Map<string | null, WatchedCurrency>(
    currencies
      .filter((c) => c.contractAddress === null || isAddress(c.contractAddress))
      .map((c) => [c.contractAddress === null ? null : getAddress(c.contractAddress), c]),
  );
  const tokens = [...currencyOf.keys()].filter((token): token is string => token !== null);
  const native = currencyOf.get(null);
  const incoming = async (fromBlock: bigint, toBlock: bigint) =>
    (await adapter.transfersTo([...walletOf.keys()], tokens, fromBlock, toBlock)).filter(
      (t) => !walletOf.has(getAddress(t.from)) && currencyOf.has(t.token),
    );

  // One read up to the head (at most a poll's worth of blocks): what has its confirmations is booked,
  // what is still short of them says whether the devnet must mine.
  const readTo = head < from + MAX_BLOCKS_PER_POLL - 1n ? head : from + MAX_BLOCKS_PER_POLL - 1n;
  // The hashes of the blocks to book (and of the one before them), read before their transfers, kept with them.
  const hashes = to >= from ? await blockHashes(adapter, from - 1n, to) : null;
  const seen = readTo >= from ? await incoming(from, readTo) : [];
  const waiting = seen.some((t) => t.blockNumber > to);
  let booked = 0;
  let nextBlock = from;
  if (to >= from) {
    const transfers = seen.filter((t) => t.blockNumber <= to);
    // Two balance reads per wallet: the orders' own addresses only while their orders are open (reconciledWallets.ts).
    const changes = native
      ? await readNativeChanges(
          adapter,
          (await reconciledWallets(db, chainId, now)).map((w) => ({ id: w.id, address: w.address, safe: w.safeSetup !== null })),
          from,
          to,
        )
      : [];
    // The block before the range and the last one, read again: a reorg while reading leaves this
    // range for the next poll's check.
    if (
      hashes === null ||
      (await adapter.blockHash(to)) !== hashes.get(to) ||
      (from > 0n && (await adapter.blockHash(from - 1n)) !== hashes.get(from - 1n))
    ) {
      return { booked: 0, nextBlock: from, ...(reorg ? { reorg } : {}) };
    }
    const book = () =>
      db.transaction().execute(async (trx) => {
        const locked = await trx.selectFrom('chainWatch').select('nextBlock').where('chainId', '=', chainId).forUpdate().executeTakeFirst();
        if (!locked || BigInt(locked.nextBlock) !== from) return null;
        const before = await trx
          .selectFrom('chainBlock')
          .select('blockHash')
          .where('chainId', '=', chainId)
          .where('blockNumber', '=', Number(from - 1n))
          .executeTakeFirst();
        if (before && before.blockHash !== hashes.get(from - 1n)) return null;
        hashes.delete(from - 1n);
        await keepBlockHashes(trx, chainId, hashes);
        let count = 0;
        for (const transfer of transfers) {
          if (await bookTransfer(trx, chainId, transfer, walletOf.get(transfer.to)!, currencyOf.get(transfer.token)!)) count += 1;
        }
        if (native && changes.length > 0) await bookInternalCredits(trx, chainId, native, changes, { from, to }, now);
        await trx
          .updateTable('chainWatch')
          .set({ nextBlock: Number(to + 1n), updatedAt: now })
          .where('chainId', '=', chainId)
          .execute();
        return count;
      });
    // Coin found by reconciliation is recorded in the audit trail (its row's trigger needs a context).
    const moved = changes.length > 0 ? await withAuditContext(RECONCILE_CONTEXT, book) : await book();
    if (moved === null) return { booked: 0, nextBlock: null, ...(reorg ? { reorg } : {}) };
    booked = moved;
    nextBlock = to + 1n;
  }
  if (adapter.mode === 'devnet' && waiting) await (await chains.devnetOf(chainId)).mineEmpty();
  return { booked, nextBlock, ...(reorg ? { reorg } : {}) };
}

/** The hashes of blocks `from`..`to` (from −1: none), or null if one is past the head now. */
async function blockHashes(adapter: ChainAdapter, from: bigint, to: bigint): Promise<Map<bigint, string> | null> {
  const hashes = new Map<bigint, string>();
  for (let number = from < 0n ? 0n : from; number <= to; number += 1n) {
    const hash = await adapter.blockHash(number);
    if (hash === null) return null;
    hashes.set(number, hash);
  }
  return hashes;
}

/** Where the watcher starts on a chain (or starts again, on a chain that went back). */
export async function startWatching(db: Db, chainId: number, nextBlock: bigint, now: Date): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('chainWatch')
      .values({ chainId, nextBlock: Number(nextBlock), updatedAt: now })
      .onConflict((oc) => oc.column('chainId').doUpdateSet({ nextBlock: Number(nextBlock), updatedAt: now }))
      .execute();
    // The hashes kept are of the chain watched before: none to compare with yet.
    await trx.deleteFrom('chainBlock').where('chainId', '=', chainId).execute();
  });
}

/**
 * Every instance polls every EVM chain this often (DEPOSIT_WATCH_MS; docs/chains.md "Deposits").
 * A failed poll (a node down) is tried again at the next tick, and reported once until that chain
 * polls again (a node down for an hour is one warning, not 3,600); one chain's failure does not
 * stop the others.
 */
export function startDepositWatcher(
  db: Db,
  chains: ChainRegistry,
  now: () => Date,
  everyMs: number,
  onError: (chainId: number, error: unknown) => void,
  onReorg: (reorg: Reorg) => void = () => undefined,
): () => Promise<void> {
  let running: Promise<void> | null = null;
  const failing = new Set<number>();
  const report = (chainId: number, error: unknown) => {
    if (!failing.has(chainId)) onError(chainId, error);
    failing.add(chainId);
  };
  const poll = async () => {
    try {
      const rows = await db
        .selectFrom('chain')
        .select('chainId')
        .where('family', '=', 'evm')
        .where('enabled', '=', true)
        .orderBy('chainId')
        .execute();
      for (const { chainId } of rows) {
        try {
          const { reorg } = await pollChain(db, chains, chainId, now());
          if (reorg) onReorg(reorg);
          failing.delete(chainId);
        } catch (error) {
          report(chainId, error);
        }
      }
    } catch (error) {
      report(0, error);
    }
  };
  const timer = setInterval(() => {
    running ??= poll().finally(() => (running = null));
  }, everyMs).unref();
  // Stopped before the database closes: a poll under way finishes first.
  return async () => {
    clearInterval(timer);
    await running;
  };
}
