import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import type { Db } from '../db/database';
import { withoutAuditContext } from './auditContext';
import { outsideReadRequest } from './readRequest';

type Callback = (error: Error | null, result?: { current: number; ttl: number }) => void;

/** What @fastify/rate-limit hands a store's `child`: the route's merged options. */
interface ChildOptions {
  routeInfo?: { method?: string | string[]; url?: string };
  /** Names a limiter made with `createRateLimit` (it has no route): see server/http/rateLimit.ts. */
  limiterName?: string;
}

/** Milliseconds left in the window, by the database's clock (float8: a number from either driver). */
const ttlMs = sql`greatest(0, extract(epoch from window_ends - now()) * 1000)::float8`;

/** Expired windows are forgotten every this many hits an instance counts: one cheap delete, rarely. */
const CLEANUP_EVERY = 1000;

/**
 * A counter's statements belong to no request: outside a write request's audit context (a hit
 * is nobody's change, and must not queue on the audit chain's lock) and outside a read
 * request's no-writes guard (a limited GET still counts).
 */
const unattributed = <T>(work: () => Promise<T>): Promise<T> => withoutAuditContext(() => outsideReadRequest(work));

/**
 * A store for @fastify/rate-limit in the database (docs/DECISIONS.md "Shared state across
 * instances"): N instances count one set of hits, where the plugin's memory store would let each
 * allow the whole limit. One upsert per hit increments the counter or starts a new window,
 * atomically, so a concurrent burst over any instances is counted hit by hit. Windows start
 * and end by the database's clock (`now()`), the one clock every instance shares. The plugin
 * constructs the class itself, so it is made here around the database.
 */
export function databaseRateLimitStore(db: Db) {
  let hitsSinceCleanup = 0;
  const cleanup = () => {
    hitsSinceCleanup += 1;
    if (hitsSinceCleanup < CLEANUP_EVERY) return;
    hitsSinceCleanup = 0;
    void unattributed(() => sql`delete from rate_limit_counter where window_ends <= now()`.execute(db)).catch(() => undefined);
  };

  class DatabaseStore {
    /** The limiter's name (route or `limiterName`): two limiters never share a counter for one key. */
    private readonly limiter: string;

    /** The plugin passes its options to the root store; `child` names a limiter. */
    constructor(_options?: object, limiter = '') {
      this.limiter = limiter;
    }

    /** Fixed length, and no account name or address stored in the clear. */
    private keyOf(key: string): string {
      return createHash('sha256').update(`${this.limiter}\u0000${key}`).digest('base64url');
    }

    incr(key: string, callback: Callback, timeWindow: number): void {
      // READ COMMITTED whatever the database's default: at REPEATABLE READ or SERIALIZABLE a
      // concurrent burst's upserts of one row fail with 40001 instead of waiting their turn.
      unattributed(() =>
        db
          .transaction()
          .setIsolationLevel('read committed')
          .execute((trx) =>
            sql<{ hits: number; ttlMs: number }>`
              insert into rate_limit_counter as c (key, hits, window_ends)
              values (${this.keyOf(key)}, 1, now() + ${timeWindow}::float8 * interval '1 millisecond')
              on conflict (key) do update set
                hits = case when c.window_ends <= now() then 1 else c.hits + 1 end,
                window_ends = case when c.window_ends <= now() then excluded.window_ends else c.window_ends end
              returning hits, ${ttlMs} as ttl_ms`.execute(trx),
          ),
      ).then(({ rows }) => {
        cleanup();
        callback(null, { current: rows[0].hits, ttl: rows[0].ttlMs });
      }, callback);
    }

    /** The counter as it stands, without counting: an expired or absent window reads as none. */
    read(key: string, callback: Callback): void {
      unattributed(() =>
        sql<{ hits: number; ttlMs: number }>`
          select hits, ${ttlMs} as ttl_ms from rate_limit_counter
          where key = ${this.keyOf(key)} and window_ends > now()`.execute(db),
      ).then(({ rows }) => callback(null, rows[0] ? { current: rows[0].hits, ttl: rows[0].ttlMs } : { current: 0, ttl: 0 }), callback);
    }

    child(routeOptions: object): DatabaseStore {
      const options = routeOptions as ChildOptions;
      const route = options.routeInfo?.url ? `${[options.routeInfo.method].flat().join(',')} ${options.routeInfo.url}` : '';
      return new DatabaseStore(undefined, `${this.limiter}${options.limiterName ?? route}`);
    }
  }
  return DatabaseStore;
}
