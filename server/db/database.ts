import fs from 'node:fs';
import path from 'node:path';
import { CamelCasePlugin, Kysely, Migrator, PostgresDialect, type Dialect } from 'kysely';
import { PGlite } from '@electric-sql/pglite';
import { PGliteDialect } from 'kysely-pglite-dialect';
import pg from 'pg';
import type { Database } from './schema';
import { migrations } from './migrations';
import { audited } from './auditedDialect';

export type Db = Kysely<Database>;

export interface DatabaseHandle {
  db: Db;
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
}

export interface DatabaseOptions {
  /** postgres://… switches from the embedded PGlite to a real PostgreSQL. */
  databaseUrl?: string;
  /** Folder for PGlite's files; omitted = in memory (tests). */
  dataDir?: string;
}

// int8 as JS number (chain ids and counts stay far below 2^53); numeric stays a string (SPEC B4).
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number(v));

function dialectFor(options: DatabaseOptions): { dialect: Dialect; kind: DatabaseHandle['kind'] } {
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 10 });
    // An idle connection the server ends (a restart, a dropped database) is reported here after
    // the pool has already discarded it; the next query opens a fresh one. Without a listener
    // the 'error' event would end the process.
    pool.on('error', () => undefined);
    return { dialect: new PostgresDialect({ pool }), kind: 'postgres' };
  }
  let dataDir: string | undefined;
  if (options.dataDir) {
    dataDir = path.join(options.dataDir, 'pglite');
    fs.mkdirSync(dataDir, { recursive: true });
  }
  return { dialect: new PGliteDialect(new PGlite(dataDir)), kind: 'pglite' };
}

/** Opens the database and applies every pending migration before anything uses it. */
export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  const { dialect, kind } = dialectFor(options);
  const db = new Kysely<Database>({ dialect: audited(dialect), plugins: [new CamelCasePlugin()] });
  // Migrations name columns in snake_case themselves. Branches add numbers side by side: a
  // database that already ran a later one still takes an earlier one merged after it.
  const migrator = new Migrator({ db: db.withoutPlugins(), provider: { getMigrations: async () => migrations }, allowUnorderedMigrations: true });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    await db.destroy();
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${String(error)}`);
  }
  return { db, kind, close: () => db.destroy() };
}
