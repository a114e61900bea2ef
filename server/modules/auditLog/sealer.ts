import { sql } from 'kysely';
import type { Db } from '../../db/database';

/** Rows sealed per transaction: the lock is held for one batch, never for a whole backlog. */
const BATCH = 500;
/** A sealer that found another at work tries again this soon (it may have missed our rows). */
const BUSY_RETRY_MS = 200;
/**
 * Passes start at most this often: under load, the commits of this interval share one pass instead
 * of each waking its own (docs/DECISIONS.md "One sealing pass for many commits"). Far under the
 * bound after which an unsealed event is a finding (UNSEALED_BOUND_MS, 60 s).
 */
export const SEAL_COALESCE_MS = 50;
/** The chain's head goes to the log at most this often (docs/ledger.md "Sealing the audit chain"). */
const HEAD_LOG_EVERY_MS = 60_000;

export interface ChainHead {
  seq: number;
  hash: string;
}

/**
 * One sealing pass: batches of `audit_seal` (migration 038), each in its own READ COMMITTED
 * transaction whatever the database's default (the advisory lock must be taken before the rows
 * are read, and each batch must see what the sealer before it committed). Where READ COMMITTED is
 * the default (`readCommitted`), a batch is one statement in its own implicit transaction: one
 * round trip instead of three (begin, the batch, commit). Returns the head after the last batch
 * that sealed something, `busy` when another sealer held the lock.
 */
export async function sealAuditChain(db: Db, readCommitted = false): Promise<{ sealed: number; head: ChainHead | null; busy: boolean }> {
  const batch = async (runner: Db) =>
    (
      await sql<{ sealed: number; headSeq: number | null; headHash: string | null }>`
        select sealed, head_seq as "headSeq", head_hash as "headHash" from audit_seal(${BATCH})`.execute(runner)
    ).rows[0];
  let sealed = 0;
  let head: ChainHead | null = null;
  for (;;) {
    const row = readCommitted ? await batch(db) : await db.transaction().setIsolationLevel('read committed').execute(batch);
    if (row.sealed < 0) return { sealed, head, busy: true };
    if (row.sealed > 0) head = { seq: Number(row.headSeq), hash: row.headHash! };
    sealed += row.sealed;
    if (row.sealed < BATCH) return { sealed, head, busy: false };
  }
}

/**
 * Whether the database's transactions are READ COMMITTED unless told otherwise (PostgreSQL's and
 * PGlite's default). Unknown (the database unreachable at start) counts as no: the explicit
 * transaction is right at any default.
 */
async function defaultsToReadCommitted(db: Db): Promise<boolean> {
  try {
    const { rows } = await sql<{ isolation: string }>`select current_setting('default_transaction_isolation') as isolation`.execute(db);
    return rows[0]?.isolation === 'read committed';
  } catch {
    return false;
  }
}

/**
 * The audit chain's sequencer for this instance (docs/DECISIONS.md "The audit chain sealed after
 * commit"): seals at start (before the instance is ready: a crash between a commit and its sealing
 * loses nothing), after each write request's commit (`poke`, which never waits), and every
 * `everyMs`. Pokes while a pass runs make one more pass; a pass starts no sooner than
 * SEAL_COALESCE_MS after the one before, so the commits in between share it. Instances side by
 * side take turns under the advisory lock. The head is logged at most once a minute, so a rewrite of the whole chain
 * inside the database disagrees with what the log kept.
 */
export async function startAuditSealer(
  db: Db,
  everyMs: number,
  log: { head: (head: ChainHead) => void; failed: (error: unknown) => void },
): Promise<{ poke: () => void; stop: () => Promise<void> }> {
  let wanted = false;
  let stopped = false;
  let wake: (() => void) | undefined;
  let lastLogged = 0;
  let lastPass = 0;
  const readCommitted = await defaultsToReadCommitted(db);
  const pass = async () => {
    lastPass = Date.now();
    try {
      const { head, busy } = await sealAuditChain(db, readCommitted);
      if (head && Date.now() - lastLogged >= HEAD_LOG_EVERY_MS) {
        lastLogged = Date.now();
        log.head(head);
      }
      return busy;
    } catch (error) {
      log.failed(error);
      return false;
    }
  };
  /** Waits `ms`; `wake` (a poke, unless `untilStop`, or the stop) ends it sooner. */
  const pause = (ms: number, untilStop = false) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, ms);
      timer.unref();
      wake = () => {
        if (untilStop && !stopped) return;
        clearTimeout(timer);
        resolve();
      };
    });
  await pass();
  // Started here, outside any request: the loop's statements never carry a request's context.
  const loop = (async () => {
    while (!stopped) {
      if (!wanted) await pause(everyMs);
      // The commits of the next moments join this pass: pokes meanwhile only mark it wanted.
      const soonest = lastPass + SEAL_COALESCE_MS - Date.now();
      if (soonest > 0 && !stopped) await pause(soonest, true);
      wake = undefined;
      if (stopped) break;
      wanted = false;
      if (await pass()) {
        wanted = true;
        await pause(BUSY_RETRY_MS);
      }
    }
  })();
  return {
    poke: () => {
      wanted = true;
      wake?.();
    },
    stop: async () => {
      stopped = true;
      wake?.();
      await loop;
    },
  };
}
