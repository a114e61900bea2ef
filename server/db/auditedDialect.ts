import pg from 'pg';
import { CompiledQuery, type DatabaseConnection, type Dialect, type Driver, type QueryResult, type TransactionSettings } from 'kysely';
import { currentAuditContext, type AuditContext } from '../http/auditContext';
import { changesData, inReadRequest } from '../http/readRequest';
import { claimKey, claimPending, markCommitted, noteStatement } from '../http/idempotency';

const raw = (text: string, parameters: unknown[] = []) => CompiledQuery.raw(text, parameters);
const WRITE = /^\s*(insert|update|delete|with)\b/i;

/** An SQL string literal (standard_conforming_strings, PostgreSQL's default since 9.1: only `'` is special). */
const literal = (text: string) => `'${text.replace(/'/g, "''")}'`;

/**
 * Opens a message whose answer is the result of its write alone, the statement before its last
 * (`oneMessageAnswer`, which server/db/database.ts installs on each PostgreSQL connection).
 */
export const ONE_MESSAGE = '/* one message */ ';

/** What node-postgres sends for a parameter (its own text of a Date, an array, an object), not typed by @types/pg. */
const prepareValue = (pg as unknown as { utils: { prepareValue(value: unknown): unknown } }).utils.prepareValue;

/**
 * A write's SQL with its parameters written in as the very text node-postgres would send them,
 * each an untyped literal as a parameter is untyped: the same statement, to travel in one message
 * with its transaction's start and commit. Undefined when that cannot be exact: SQL holding
 * literals or dollar quotes of its own (a `$1` in them is no parameter), or a binary parameter.
 */
export function inlinedWrite(query: CompiledQuery): string | undefined {
  if (query.sql.includes("'") || query.sql.includes('$$')) return undefined;
  let exact = true;
  const text = query.sql.replace(/\$(\d+)/g, (_, n: string) => {
    const value = prepareValue(query.parameters[Number(n) - 1]);
    if (value === null) return 'null';
    if (typeof value !== 'string') exact = false;
    return exact ? pg.escapeLiteral(value as string) : '';
  });
  return exact ? text : undefined;
}

/**
 * Installed on each PostgreSQL connection: a message opened with ONE_MESSAGE (start, context,
 * write, commit) answers with its write's result, as the write alone would have.
 */
export function oneMessageAnswer(client: pg.PoolClient): void {
  // The class's own `query`, looked up at each call rather than bound once here: whatever wraps the
  // prototype later (the export tests count COPY statements that way) still sees every message.
  const query = (...args: unknown[]) =>
    (Object.getPrototypeOf(client) as { query: (...a: unknown[]) => unknown }).query.apply(client, args);
  client.query = ((text: unknown, ...rest: unknown[]) => {
    if (typeof text === 'string' && text.startsWith(ONE_MESSAGE))
      return (query(text) as Promise<pg.QueryResult | pg.QueryResult[]>).then((results) =>
        Array.isArray(results) ? results[results.length - 2] : results,
      );
    return query(text, ...rest);
  }) as typeof client.query;
}

export interface AuditedOptions {
  /**
   * The connection takes several statements in one message (node-postgres' simple protocol, a
   * query without parameters): `begin` and the audit context then travel in one round trip.
   * PGlite's `query` takes one statement; there the two run one after the other, in process.
   */
  multiStatement: boolean;
  /** Told after each write request's transaction commits: the audit chain's sequencer seals its events. */
  onCommit: () => void;
  /**
   * Write requests queue on the writers' lock (migration 024): only on a database whose default
   * isolation is REPEATABLE READ or SERIALIZABLE, where writers racing for one hot row would fail
   * with 40001 round after round (docs/DECISIONS.md "The audit chain sealed after commit"). Set
   * once the database is open (server/db/database.ts).
   */
  serialWriters: boolean;
}

/**
 * Carries the request's audit context into the database (docs/DECISIONS.md "Audit trail", "The
 * audit chain sealed after commit"): a write request's transaction starts with `begin` and
 * `set_config('audit.context', …, true)` — local to the transaction, so it ends with it and a
 * pooled connection never lends one request's actor to the next, with no statement on acquire or
 * release. A write outside a transaction runs in one that does. Requests without a context (reads)
 * pay nothing.
 *
 * Writers take no lock of the audit chain: their events are inserted unsealed and linked after
 * commit by the sequencer (server/modules/auditLog/sealer.ts), which `onCommit` wakes.
 *
 * Right after the context, the request's `Idempotency-Key` is inserted in the same transaction
 * (server/http/idempotency.ts): the key exists exactly when the write committed.
 */
class AuditedDriver implements Driver {
  /** The connections handed out for a write request, to the driver's own connection. */
  private readonly tagged = new WeakMap<DatabaseConnection, DatabaseConnection>();
  /** Each write request's context (mutable while it runs: a sign-in names its actor once the password checks). */
  private readonly contexts = new WeakMap<DatabaseConnection, AuditContext>();
  private readonly inTransaction = new WeakSet<DatabaseConnection>();
  /** The connections handed out for a read request, to the driver's own connection. */
  private readonly readOnlyHandles = new WeakMap<DatabaseConnection, DatabaseConnection>();

  constructor(
    private readonly inner: Driver,
    private readonly options: AuditedOptions,
  ) {}

  init(): Promise<void> {
    return this.inner.init();
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    const connection = await this.inner.acquireConnection();
    const context = currentAuditContext();
    if (!context) return inReadRequest() ? this.readOnly(connection) : connection;
    // Kysely hands this object back to every other method; the inner driver gets its own back.
    const handle: DatabaseConnection = {
      executeQuery: <R>(query: CompiledQuery) => this.execute<R>(handle, connection, query),
      streamQuery: (query, chunkSize) => connection.streamQuery(query, chunkSize),
    };
    this.tagged.set(handle, connection);
    this.contexts.set(handle, context);
    return handle;
  }

  /**
   * Opens a write request's transaction with its audit context: one round trip where the
   * connection takes two statements in one message, two otherwise.
   */
  private async begin(handle: DatabaseConnection, connection: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    try {
      if (this.options.multiStatement) {
        await connection.executeQuery(raw(this.opening(handle, settings).join('; ')));
        return;
      }
      const context = JSON.stringify(this.contexts.get(handle) ?? null);
      for (const statement of this.opening(handle, settings, false)) await connection.executeQuery(raw(statement));
      await connection.executeQuery(raw(`select set_config('audit.context', $1, true)`, [context]));
    } catch (error) {
      // Kysely rolls back only a transaction whose begin returned: one half open is ended here.
      await connection.executeQuery(raw('rollback')).catch(() => undefined);
      throw error;
    }
  }

  /** A write request's transaction's first statements: its start, the writers' queue where there is one, its audit context (when `withContext`). */
  private opening(handle: DatabaseConnection, settings: TransactionSettings, withContext = true): string[] {
    const context = JSON.stringify(this.contexts.get(handle) ?? null);
    const start = [
      'start transaction',
      settings.isolationLevel ? `isolation level ${settings.isolationLevel}` : '',
      settings.accessMode ? settings.accessMode : '',
    ]
      .filter(Boolean)
      .join(' ');
    // `lock table` fixes no snapshot: a writer that waited sees what the one before it committed.
    const queue = this.options.serialWriters ? ['lock table audit_writer_lock in exclusive mode'] : [];
    return [start, ...queue, ...(withContext ? [`select set_config('audit.context', ${literal(context)}, true)`] : [])];
  }

  /**
   * A write outside a transaction, on a connection that takes several statements in one message,
   * with no Idempotency-Key to claim first: its transaction's start and context, the write and the
   * commit travel in one round trip (docs/DECISIONS.md "A one-statement write in one round trip").
   * Undefined when the write cannot be written in exactly (`inlinedWrite`): it then takes three.
   */
  private async inOneMessage<R>(handle: DatabaseConnection, connection: DatabaseConnection, query: CompiledQuery) {
    if (!this.options.multiStatement || claimPending()) return undefined;
    const write = inlinedWrite(query);
    if (write === undefined) return undefined;
    try {
      return await connection.executeQuery<R>(raw(ONE_MESSAGE + [...this.opening(handle, {}), write, 'commit'].join('; ')));
    } catch (error) {
      // A statement that failed left the transaction open and aborted (the rest of the message was skipped);
      // after a failed commit there is none, and this is only a warning.
      await connection.executeQuery(raw('rollback')).catch(() => undefined);
      throw error;
    }
  }

  /** A GET's connection: a statement that would change data is refused (server/http/readRequest.ts). */
  private readOnly(connection: DatabaseConnection): DatabaseConnection {
    const handle: DatabaseConnection = {
      executeQuery: <R>(query: CompiledQuery) => {
        if (changesData(query.sql)) return Promise.reject(new Error(`a read request tried to change data: ${query.sql.slice(0, 80)}`));
        return connection.executeQuery<R>(query);
      },
      streamQuery: (query, chunkSize) => connection.streamQuery(query, chunkSize),
    };
    this.readOnlyHandles.set(handle, connection);
    return handle;
  }

  private own(connection: DatabaseConnection): DatabaseConnection {
    return this.tagged.get(connection) ?? this.readOnlyHandles.get(connection) ?? connection;
  }

  private async execute<R>(handle: DatabaseConnection, connection: DatabaseConnection, query: CompiledQuery): Promise<QueryResult<R>> {
    // Whether the request wrote a table behind the remembered sessions or reference lists (server/http/route.ts runWrite).
    noteStatement(query.sql);
    if (this.inTransaction.has(handle) || !WRITE.test(query.sql)) return connection.executeQuery<R>(query);
    const inOne = await this.inOneMessage<R>(handle, connection, query);
    if (inOne) {
      markCommitted();
      this.options.onCommit();
      return inOne;
    }
    await this.begin(handle, connection, {});
    try {
      await claimKey(connection);
      const result = await connection.executeQuery<R>(query);
      await connection.executeQuery(raw('commit'));
      markCommitted();
      this.options.onCommit();
      return result;
    } catch (error) {
      await connection.executeQuery(raw('rollback'));
      throw error;
    }
  }

  async beginTransaction(connection: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    if (!this.tagged.has(connection)) return this.inner.beginTransaction(this.own(connection), settings);
    await this.begin(connection, this.own(connection), settings);
    this.inTransaction.add(connection);
    try {
      await claimKey(this.own(connection));
    } catch (error) {
      // Kysely rolls back only a transaction whose begin returned: this one is ended here, or the
      // connection would go back to the pool inside it.
      this.inTransaction.delete(connection);
      await this.inner.rollbackTransaction(this.own(connection)).catch(() => undefined);
      throw error;
    }
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    this.inTransaction.delete(connection);
    await this.inner.commitTransaction(this.own(connection));
    if (!this.tagged.has(connection)) return;
    markCommitted();
    this.options.onCommit();
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    this.inTransaction.delete(connection);
    await this.inner.rollbackTransaction(this.own(connection));
  }

  async releaseConnection(connection: DatabaseConnection): Promise<void> {
    const own = this.own(connection);
    // The context was local to each transaction: nothing to clear.
    this.tagged.delete(connection);
    await this.inner.releaseConnection(own);
  }

  destroy(): Promise<void> {
    return this.inner.destroy();
  }
}

/** The same dialect, with the audit context carried to each write request's transactions. */
export function audited(dialect: Dialect, options: AuditedOptions): Dialect {
  return {
    createDriver: () => new AuditedDriver(dialect.createDriver(), options),
    createQueryCompiler: () => dialect.createQueryCompiler(),
    createAdapter: () => dialect.createAdapter(),
    createIntrospector: (db) => dialect.createIntrospector(db),
  };
}
