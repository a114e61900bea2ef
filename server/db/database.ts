import fs from 'node:fs';
import path from 'node:path';
import { CamelCasePlugin, Kysely, Migrator, PostgresDialect, sql, type Dialect } from 'kysely';
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
  /**
   * Follows a NOTIFY channel: `onNotify` on each message, `onLive` with the listening
   * connection's state (false while it is down and being reopened). Returns the stop.
   */
  listen(channel: string, onNotify: () => void, onLive: (live: boolean) => void): Promise<() => Promise<void>>;
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

type Listen = DatabaseHandle['listen'];

/**
 * A dedicated PostgreSQL connection that LISTENs (a pooled one would be handed to queries).
 * When it drops it reports not live and reconnects every second until stopped.
 */
function listenOnPostgres(connectionString: string): Listen {
  return async (channel, onNotify, onLive) => {
    let stopped = false;
    let client: pg.Client | undefined;
    let retry: NodeJS.Timeout | undefined;
    const reconnect = () => {
      onLive(false);
      if (!stopped && !retry) retry = setTimeout(() => void connect(), 1000).unref();
    };
    const connect = async () => {
      retry = undefined;
      const next = new pg.Client({ connectionString });
      next.on('error', () => undefined);
      next.on('end', () => {
        if (client === next) client = undefined;
        reconnect();
      });
      next.on('notification', (message) => {
        if (message.channel === channel) onNotify();
      });
      try {
        await next.connect();
        await next.query(`listen ${pg.escapeIdentifier(channel)}`);
        if (stopped) return void (await next.end().catch(() => undefined));
        client = next;
        onLive(true);
      } catch {
        await next.end().catch(() => undefined);
        reconnect();
      }
    };
    await connect();
    return async () => {
      stopped = true;
      clearTimeout(retry);
      const open = client;
      client = undefined;
      await open?.end().catch(() => undefined);
    };
  };
}

function dialectFor(options: DatabaseOptions): { dialect: Dialect; kind: DatabaseHandle['kind']; listen: Listen } {
  if (options.databaseUrl) {
    // JIT off for the API's connections (docs/DECISIONS.md "Reports at volume"): its queries are
    // short, and the JIT's cost threshold fires on a planner's misestimate (a day's order-number
    // prefix at 10M orders: 71 ms with JIT, 17 ms without).
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 10, options: '-c jit=off' });
    // An idle connection the server ends (a restart, a dropped database) is reported here after
    // the pool has already discarded it; the next query opens a fresh one. Without a listener
    // the 'error' event would end the process.
    pool.on('error', () => undefined);
    return { dialect: new PostgresDialect({ pool }), kind: 'postgres', listen: listenOnPostgres(options.databaseUrl) };
  }
  let dataDir: string | undefined;
  if (options.dataDir) {
    dataDir = path.join(options.dataDir, 'pglite');
    fs.mkdirSync(dataDir, { recursive: true });
  }
  const pglite = new PGlite(dataDir);
  // One in-process database: its notifications reach this process's listeners directly.
  const listen: Listen = async (channel, onNotify, onLive) => {
    const stop = await pglite.listen(channel, () => onNotify());
    onLive(true);
    return async () => {
      onLive(false);
      if (!pglite.closed) await stop();
    };
  };
  return { dialect: new PGliteDialect(pglite), kind: 'pglite', listen };
}

/** Opens the database and applies every pending migration before anything uses it. */
export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  const { dialect, kind, listen } = dialectFor(options);
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
  let analyzer: NodeJS.Timeout | undefined;
  if (kind === 'pglite' && options.dataDir) {
    // PGlite runs no autovacuum: without fresh statistics its planner walks the wrong index
    // once tables grow (docs/SCALING.md). Refreshed at start and every six hours.
    const analyze = () => sql`analyze`.execute(db).catch(() => undefined);
    await analyze();
    analyzer = setInterval(() => void analyze(), 6 * 3_600_000).unref();
  }
  return {
    db,
    kind,
    listen,
    close: () => {
      clearInterval(analyzer);
      return db.destroy();
    },
  };
}
