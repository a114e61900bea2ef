import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * Who is changing what, for the audit trail (docs/DECISIONS.md "Audit trail"): set for every
 * write request (and the demo seed), read by the database connection that serves it
 * (server/db/auditedDialect.ts) and stored on each audit event by the database's triggers.
 * Mutable while the request runs: a sign-in names its actor once the password checks.
 */
export interface AuditContext {
  actorId: number | null;
  actorAccount: string | null;
  orgId: number | null;
  clientAddress: string | null;
  userAgent: string | null;
  requestId: string | null;
  /** The API call (`POST /sys/chain/update`), or what the system does (`demo seed`). */
  route: string;
  /** How a session's revocation is named: `signOut` by its owner's logout, `sessionRevoke` otherwise. */
  sessionAction?: 'signOut' | 'sessionRevoke';
}

/**
 * The context of a write the system makes on its own (the demo seed, the watcher's bookings):
 * no actor, no org, no request, only `route` naming what the system does.
 */
export const systemAuditContext = (route: string): AuditContext => ({
  actorId: null,
  actorAccount: null,
  orgId: null,
  clientAddress: null,
  userAgent: null,
  requestId: null,
  route,
});

const storage = new AsyncLocalStorage<AuditContext>();

/** Runs `work` with the audit context: every database write it makes is attributed to it. */
export const withAuditContext = <T>(context: AuditContext, work: () => Promise<T>): Promise<T> => storage.run(context, work);

/** The context of the write request running now, if any. */
export const currentAuditContext = (): AuditContext | undefined => storage.getStore();

/** Runs `work` outside any write request's context: bookkeeping that is nobody's change (rate-limit counters). */
export const withoutAuditContext = <T>(work: () => T): T => storage.exit(work);
