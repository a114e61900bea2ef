import { sql } from 'kysely';
import type { Db } from './database';

/**
 * The instance's time, set by the database's clock (docs/DECISIONS.md "Database faults"): every
 * expiry (sessions, proposals, invitations) and every stored timestamp is judged against one
 * clock, whichever instance handles the request. One instance whose clock runs fast would
 * otherwise expire the others' fresh proposals, irreversibly. The offset is measured at start
 * and every `refreshMs` (half the round trip is the error, well under a millisecond on a LAN);
 * when a measure fails the last offset stays.
 */
export async function databaseClock(
  db: Db,
  options: { refreshMs?: number; localNow?: () => number } = {},
): Promise<{ now: () => Date; offsetMs: () => number; stop: () => void }> {
  const { refreshMs = 60_000, localNow = Date.now } = options;
  let offset = 0;
  const measure = async () => {
    const sent = localNow();
    const { rows } = await sql<{ now: Date }>`select clock_timestamp() as now`.execute(db);
    const received = localNow();
    offset = new Date(rows[0].now).getTime() - (sent + received) / 2;
  };
  await measure().catch(() => undefined);
  const timer = setInterval(() => void measure().catch(() => undefined), refreshMs).unref();
  return {
    now: () => new Date(localNow() + offset),
    offsetMs: () => offset,
    stop: () => clearInterval(timer),
  };
}
