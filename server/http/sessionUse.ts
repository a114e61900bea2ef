import { sql } from 'kysely';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/database';
import { withoutAuditContext } from './auditContext';
import { outsideReadRequest } from './readRequest';

/** Last use is told to the minute: a busy session writes once a minute, not once a request. */
const STAMP_EVERY_MS = 60_000;
/** Sessions this instance stamped lately; past this many it forgets them all (the SQL still throttles). */
const REMEMBERED = 10_000;

/**
 * Stamps "last used" of the caller's session (shown on /account): at most once a minute, by this
 * instance's memory and by the statement itself (so several instances do not write more). It is
 * no change a person made (no audit event) and runs outside a GET's no-write guard; a failure is
 * logged and never fails the request it rides on.
 */
export function sessionUseStamper(db: Db, log: FastifyBaseLogger) {
  const stamped = new Map<string, number>();
  return async (tokenHash: string, now: Date): Promise<void> => {
    const last = stamped.get(tokenHash);
    if (last !== undefined && now.getTime() - last < STAMP_EVERY_MS) return;
    if (stamped.size >= REMEMBERED) stamped.clear();
    stamped.set(tokenHash, now.getTime());
    try {
      await withoutAuditContext(() =>
        outsideReadRequest(() =>
          sql`
            insert into session_use (session_id, last_used_at)
            select id, ${now} from session where token_hash = ${tokenHash}
            on conflict (session_id) do update set last_used_at = excluded.last_used_at
            where session_use.last_used_at <= excluded.last_used_at - interval '1 minute'`.execute(db),
        ),
      );
    } catch (error) {
      log.warn({ err: error }, 'could not stamp the session’s last use');
    }
  };
}
