import fs from 'node:fs';
import path from 'node:path';
import { CamelCasePlugin, Kysely, Migrator, PostgresDialect, sql, type Dialect } from 'kysely';
import { PGlite } from '@electric-sql/pglite';
import { PGliteDialect } from 'kysely-pglite-dialect';
import pg from 'pg';
import type { Database } from './schema';
import { migrations } from './migrations';
import { audited, oneMessageAnswer } from './auditedDialect';
import { readerWithFallback } from './readerFallback';
import { registerCopySource, withFallback } from './copySource';

export type Db = Kysely<Database>;

export interface DatabaseHandle {
  db: Db;
  /**
   * Where reads that tolerate lag go (reports, lists, exports): a read replica when
   * DATABASE_READ_URL names one, otherwise `db` itself. Never for a session check or a read a
   * write depends on.
   */
  reader: Db;
  kind: 'pglite' | 'postgres';
  /**
   * Follows a NOTIFY channel: `onNotify` on each message, `onLive` with the listening
   * connection's state (false while it is down and being reopened). Returns the stop.
   */
  listen(channel: string, onNotify: () => void, onLive: (live: boolean) => void): Promise<() => Promise<void>>;
  /** `listener` after each write request's transaction commits (the audit chain's sequencer); returns the stop. */
  onAuditedCommit(listener: () => void): () => void;
  /**
   * The embedded database's statistics refreshed in the background now (after the demo seed wrote its
   * rows): PGlite runs no autovacuum. Nothing on PostgreSQL, whose autovacuum does it.
   */
  refreshStatistics(): void;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  /** postgres://… switches from the embedded PGlite to a real PostgreSQL. */
  databaseUrl?: string;
  /** Folder for PGlite's files; omitted = in memory (tests). */
  dataDir?: string;
  /** PostgreSQL only: the pool's size, waits and name (server/config.ts explains each). */
  pool?: PoolOptions;
  /** false: leave migrations to `npm run migrate` (server/config.ts `migrateOnStart`). */
  migrate?: boolean;
  /** PostgreSQL only: a read replica for `reader` (DATABASE_READ_URL). */
  readUrl?: string;
  /** Told when the replica could not be reached and reads went to the primary (a log line). */
  onReaderFallback?: (error: unknown) => void;
}

export interface PoolOptions {
  max: number;
  connectTimeoutMs: number;
  /** 0 = no limit. */
  statementTimeoutMs: number;
  applicationName: string;
}

/** How often an embedded database's statistics are refreshed, and the file beside it that says when they last were. */
const ANALYZE_EVERY_MS = 6 * 3_600_000;
export const ANALYZE_STAMP = 'pglite-analyzed-at';
const DEFAULT_POOL: PoolOptions = { max: 10, connectTimeoutMs: 10_000, statementTimeoutMs: 0, applicationName: 'custody-api' };

// int8 as JS number (chain ids and counts stay far below 2^53); numeric stays a string (docs/ledger.md).
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number(v));

type Listen = DatabaseHandle['listen'];

/**
 * The API's PostgreSQL pool (docs/DECISIONS.md "Database faults"). A connection the server ends
 * (a restart, an admin's pg_terminate_backend, a network cut) reports an 'error' event: on an
 * idle connection through the pool, on one a request holds through the connection itself. Both
 * are listened to, or Node would end the process; the broken connection is discarded on release
 * and the next query opens a fresh one.
 */
export function postgresPool(
  connectionString: string,
  options: PoolOptions,
  onConnectionError: (error: Error) => void = () => undefined,
): pg.Pool {
  const pool = new pg.Pool({
    connectionString,
    max: options.max,
    connectionTimeoutMillis: options.connectTimeoutMs,
    application_name: options.applicationName,
    keepAlive: true,
    ...(options.statementTimeoutMs > 0 ? { statement_timeout: options.statementTimeoutMs } : {}),
    // JIT off (docs/DECISIONS.md "Reports at volume"): the API's queries are short, and the JIT's
    // cost threshold fires on a planner's misestimate (a day's order-number prefix at 10M
    // orders: 71 ms with JIT, 17 ms without).
    options: '-c jit=off',
  });
  pool.on('error', onConnectionError);
  pool.on('connect', (client) => client.on('error', onConnectionError));
  return pool;
}

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

function dialectFor(options: DatabaseOptions): { dialect: Dialect; kind: DatabaseHandle['kind']; listen: Listen; pool?: pg.Pool } {
  if (options.databaseUrl) {
    const pool = postgresPool(options.databaseUrl, options.pool ?? DEFAULT_POOL);
    // A write request's one-statement write travels with its start and commit (server/db/auditedDialect.ts).
    pool.on('connect', oneMessageAnswer);
    return { dialect: new PostgresDialect({ pool }), kind: 'postgres', listen: listenOnPostgres(options.databaseUrl), pool };
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

/**
 * Applies every pending migration. On PostgreSQL through a connection of its own, outside the
 * pool: no statement time-out cuts an index build on a large table short, and behind PgBouncer
 * the DATABASE_URL can name a direct connection (README "Running several instances").
 * Kysely's migrator holds an advisory lock meanwhile, so instances starting together migrate once.
 */
async function migrate(db: Db, kind: DatabaseHandle['kind'], databaseUrl: string | undefined): Promise<number> {
  const own =
    kind === 'postgres' && databaseUrl
      ? new Kysely<Database>({
          dialect: new PostgresDialect({
            pool: postgresPool(databaseUrl, { ...DEFAULT_POOL, max: 1, applicationName: 'custody-migrate' }),
          }),
        })
      : undefined;
  // Migrations name columns in snake_case themselves. Branches add numbers side by side: a
  // database that already ran a later one still takes an earlier one merged after it.
  const migrator = new Migrator({
    db: own ?? db.withoutPlugins(),
    provider: { getMigrations: async () => migrations },
    allowUnorderedMigrations: true,
  });
  try {
    const { error, results } = await migrator.migrateToLatest();
    const failed = results?.find((r) => r.status === 'Error');
    if (failed) throw new Error(`Migration ${failed.migrationName} failed: ${String(error)}`, { cause: error });
    if (error) throw error;
    return results?.length ?? 0;
  } finally {
    await own?.destroy();
  }
}

/** Whether every migration this code knows has been applied (the readiness check). */
export async function migrationsAtHead(db: Db): Promise<boolean> {
  const applied = await sql<{ name: string }>`select name from kysely_migration`.execute(db);
  const names = new Set(applied.rows.map((row) => row.name));
  return Object.keys(migrations).every((name) => names.has(name));
}

/**
 * True when the database holds exactly the migrations this code knows, all applied: a restart
 * then skips Kysely's migrator, whose checks of its own tables read the whole catalog (hundreds of
 * milliseconds on PGlite; docs/DECISIONS.md "Restart to ready"). One read, no lock: applied
 * migrations are never undone, so a database at head stays at head. A migration missing, one this
 * code does not know (a newer branch ran it) or no migration table yet: the migrator decides as before.
 */
async function exactlyAtHead(db: Db): Promise<boolean> {
  const { rows } = await sql<{ found: boolean }>`select to_regclass('kysely_migration') is not null as found`.execute(db);
  if (!rows[0]?.found) return false;
  const applied = await sql<{ name: string }>`select name from kysely_migration`.execute(db);
  const names = new Set(applied.rows.map((row) => row.name));
  const known = Object.keys(migrations);
  return names.size === known.length && known.every((name) => names.has(name));
}

/** Opens the database and applies every pending migration before anything uses it. */
export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  const { dialect, kind, listen, pool: primaryPool } = dialectFor(options);
  const commitListeners = new Set<() => void>();
  const writes = {
    multiStatement: kind === 'postgres',
    serialWriters: false,
    onCommit: () => {
      for (const listener of commitListeners) listener();
    },
  };
  const db = new Kysely<Database>({ dialect: audited(dialect, writes), plugins: [new CamelCasePlugin()] });
  let migrated = 0;
  try {
    if (options.migrate !== false && !(await exactlyAtHead(db))) migrated = await migrate(db, kind, options.databaseUrl);
    // Writers queue only where the database's default isolation makes racing writers fail (server/db/auditedDialect.ts).
    // PGlite runs one transaction at a time: its writers never race.
    const { rows } = await sql<{ isolation: string }>`select current_setting('default_transaction_isolation') as isolation`.execute(db);
    writes.serialWriters = kind === 'postgres' && rows[0].isolation !== 'read committed';
  } catch (error) {
    await db.destroy();
    throw error;
  }
  let analyzer: NodeJS.Timeout | undefined;
  let analyzing: Promise<void> | undefined;
  let closed = false;
  let refreshStatistics = () => undefined as void;
  if (kind === 'pglite' && options.dataDir) {
    // PGlite runs no autovacuum: without fresh statistics its planner walks the wrong index
    // once tables grow (docs/SCALING.md). Refreshed every six hours, the time of the last one
    // kept beside the folder: a restart within six hours of it does not pay for another. When one
    // is due (no stamp yet, six hours passed, a migration just ran, the demo seed just wrote), it runs
    // in the background, never before the server is ready (on a large folder, seconds): a request
    // meanwhile waits for PGlite's one connection, as behind any statement (docs/DECISIONS.md "Restart to ready").
    const stamp = path.join(options.dataDir, ANALYZE_STAMP);
    const analyze = async () => {
      try {
        await sql`analyze`.execute(db);
        fs.writeFileSync(stamp, new Date().toISOString());
      } catch {
        // tried again on the next beat, and at the next start (no stamp written)
      }
    };
    let dueAt = Number.POSITIVE_INFINITY;
    const schedule = (inMs: number) => {
      const at = Date.now() + inMs;
      // A sooner refresh already set stays (one asked for while another ran must not be put off).
      if (closed || (analyzer && at >= dueAt)) return;
      clearTimeout(analyzer);
      dueAt = at;
      analyzer = setTimeout(() => {
        analyzer = undefined;
        dueAt = Number.POSITIVE_INFINITY;
        // One at a time: a refresh asked for while one runs follows it.
        analyzing = (analyzing ?? Promise.resolve()).then(analyze);
        void analyzing.finally(() => schedule(ANALYZE_EVERY_MS));
      }, inMs).unref();
    };
    refreshStatistics = () => schedule(0);
    const last = fs.existsSync(stamp) ? Date.parse(fs.readFileSync(stamp, 'utf8')) : Number.NaN;
    const dueInMs =
      Number.isFinite(last) && migrated === 0 ? Math.min(ANALYZE_EVERY_MS, Math.max(0, last + ANALYZE_EVERY_MS - Date.now())) : 0;
    schedule(dueInMs);
  }
  // The replica's connections are named apart in pg_stat_activity; nothing written through them.
  // A replica that cannot be reached hands its reads to the primary (server/db/readerFallback.ts).
  const pool = options.pool ?? DEFAULT_POOL;
  const replicaPools =
    kind === 'postgres' && options.readUrl && options.databaseUrl
      ? {
          replica: postgresPool(options.readUrl, { ...pool, applicationName: `${pool.applicationName}-read` }),
          primary: postgresPool(options.databaseUrl, { ...pool, applicationName: `${pool.applicationName}-read-fallback` }),
        }
      : undefined;
  const replica = replicaPools
    ? new Kysely<Database>({
        dialect: readerWithFallback(
          new PostgresDialect({ pool: replicaPools.replica }),
          new PostgresDialect({ pool: replicaPools.primary }),
          options.onReaderFallback,
        ),
        plugins: [new CamelCasePlugin()],
      })
    : undefined;
  // Exports' COPY takes its connection from the same pools (server/db/copySource.ts).
  if (primaryPool) registerCopySource(db, () => primaryPool.connect());
  if (replica && replicaPools) registerCopySource(replica, withFallback(replicaPools.replica, replicaPools.primary));
  return {
    db,
    reader: replica ?? db,
    kind,
    listen,
    onAuditedCommit: (listener) => {
      commitListeners.add(listener);
      return () => commitListeners.delete(listener);
    },
    refreshStatistics,
    close: async () => {
      closed = true;
      clearTimeout(analyzer);
      // A refresh under way finishes first (its statement holds PGlite's one connection).
      await analyzing;
      await replica?.destroy();
      await db.destroy();
    },
  };
}
