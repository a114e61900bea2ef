import type { Db } from '../../db/database';
import { expireOverdue } from '../outflow/expiry';

/**
 * Persists proposal expiry in the background (docs/DECISIONS.md "Database faults"): reads never
 * write (a GET may go to a read replica), they derive "expired" from the clock instead
 * (`effectiveStatusSql`), and every instance runs this sweep, which is safe side by side
 * (`for update skip locked`: each proposal is marked, with its one 'expire' log entry, once).
 * A write that finds its proposal overdue marks it itself, so nothing waits on the sweep.
 * A failed sweep (the database out of reach) is simply tried again at the next tick.
 */
export function startExpirySweeper(db: Db, now: () => Date, everyMs: number, onError: (error: unknown) => void): () => void {
  let running = false;
  const sweep = async () => {
    if (running) return;
    running = true;
    try {
      await expireOverdue(db, now());
    } catch (error) {
      onError(error);
    } finally {
      running = false;
    }
  };
  const timer = setInterval(() => void sweep(), everyMs).unref();
  return () => clearInterval(timer);
}
