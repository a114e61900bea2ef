import type pg from 'pg';
import type { Db } from './database';
import { isDatabaseUnavailable } from './unavailable';

/**
 * Where a streamed export takes a connection of its own for `COPY … TO STDOUT` (docs/DECISIONS.md
 * "Exports at the database's pace: COPY"): the pg pool behind a PostgreSQL Kysely, which
 * Kysely does not hand out. None for PGlite. Registered by openDatabase for `db` and `reader`.
 */
export type CopyConnect = () => Promise<pg.PoolClient>;

const sources = new WeakMap<Db, CopyConnect>();

export function registerCopySource(db: Db, connect: CopyConnect): void {
  sources.set(db, connect);
}

export const copySourceOf = (db: Db): CopyConnect | undefined => sources.get(db);

/** The replica's pool, or the primary's when the replica cannot be reached (as server/db/readerFallback.ts does for reads). */
export const withFallback =
  (replica: pg.Pool, primary: pg.Pool): CopyConnect =>
  async () => {
    try {
      return await replica.connect();
    } catch (error) {
      if (!isDatabaseUnavailable(error)) throw error;
      return primary.connect();
    }
  };
