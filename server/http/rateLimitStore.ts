import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import type { Db } from '../db/database';

type Callback = (error: Error | null, result?: { current: number; ttl: number }) => void;

/** What @fastify/rate-limit hands a store's `child`: the route's merged options. */
interface ChildOptions {
  routeInfo?: { method?: string | string[]; url?: string };
  /** Names a limiter made with `createRateLimit` (it has no route): see server/http/rateLimit.ts. */
  limiterName?: string;
}

/** One database round trip per hit, or a few in an hour, to forget expired windows. */
const CLEANUP_EVERY = 1000;

/**
 * A store for @fastify/rate-limit in the database (docs/DECISIONS.md "Database faults and many
 * instances"): N instances count one set of hits, where the plugin's memory store would let each
 * allow the whole limit. One statement per hit increments the counter or starts a new window,
 * atomically, so a concurrent burst is counted hit by hit. Windows are timed by the instance's
 * clock, which follows the database's (server/db/databaseClock.ts); tests move it.
 */
export function databaseRateLimitStore(db: Db, now: () => Date) {
  let hitsSinceCleanup = 0;
  const cleanup = () => {
    hitsSinceCleanup += 1;
    if (hitsSinceCleanup < CLEANUP_EVERY) return;
    hitsSinceCleanup = 0;
    void db.deleteFrom('rateLimitCounter').where('windowEnds', '<', now()).execute().catch(() => undefined);
  };

  class DatabaseStore {
    private readonly prefix: string;

    /** The plugin constructs the root store with its options; `child` passes the route's prefix. */
    constructor(prefix?: unknown) {
      this.prefix = typeof prefix === 'string' ? prefix : '';
    }

    private keyOf(key: string): string {
      return createHash('sha256').update(`${this.prefix}\u0000${key}`).digest('base64url');
    }

    incr(key: string, callback: Callback, timeWindow: number): void {
      const at = now();
      const ends = new Date(at.getTime() + timeWindow);
      sql<{ hits: number; windowEnds: Date }>`
        insert into rate_limit_counter as c (key, hits, window_ends) values (${this.keyOf(key)}, 1, ${ends})
        on conflict (key) do update set
          hits = case when c.window_ends <= ${at} then 1 else c.hits + 1 end,
          window_ends = case when c.window_ends <= ${at} then ${ends} else c.window_ends end
        returning hits, window_ends`
        .execute(db)
        .then(({ rows }) => {
          cleanup();
          callback(null, { current: rows[0].hits, ttl: Math.max(0, new Date(rows[0].windowEnds).getTime() - at.getTime()) });
        }, callback);
    }

    read(key: string, callback: Callback): void {
      const at = now();
      db.selectFrom('rateLimitCounter')
        .select(['hits', 'windowEnds'])
        .where('key', '=', this.keyOf(key))
        .where('windowEnds', '>', at)
        .executeTakeFirst()
        .then((row) => callback(null, row ? { current: row.hits, ttl: new Date(row.windowEnds).getTime() - at.getTime() } : { current: 0, ttl: 0 }), callback);
    }

    child(routeOptions: object): DatabaseStore {
      const options = routeOptions as ChildOptions;
      const route = options.routeInfo?.url ? `${[options.routeInfo.method].flat().join(',')} ${options.routeInfo.url}` : '';
      return new DatabaseStore(`${this.prefix}${options.limiterName ?? route}`);
    }
  }
  return DatabaseStore;
}
