import { sql, type Transaction } from 'kysely';
import type { Database } from './schema';

/**
 * The lock Kysely's migrator takes on PostgreSQL (its PostgresAdapter's LOCK_ID). A write that must
 * happen once on an empty database (the demo seed, the first operator) holds it for the length of its
 * transaction, so it never runs beside a migration or another instance's (or command's) same write:
 * the second waits, then finds the first one's rows. PGlite is one connection, so there it is a no-op lock.
 */
const MIGRATION_LOCK_ID = '3853314791062309107';

export const holdMigrationLock = (trx: Transaction<Database>) =>
  sql`select pg_advisory_xact_lock(${sql.lit(MIGRATION_LOCK_ID)})`.execute(trx);
