import { CompiledQuery, type DatabaseConnection, type Dialect, type Driver, type QueryResult, type TransactionSettings } from 'kysely';
import { currentAuditContext } from '../http/auditContext';
import { changesData, inReadRequest } from '../http/readRequest';
import { claimKey, markCommitted } from '../http/idempotency';

const raw = (text: string, parameters: unknown[] = []) => CompiledQuery.raw(text, parameters);
/**
 * The writers' lock, taken before any other statement of the transaction. `lock table` fixes no
 * snapshot (an advisory lock taken by a `select` would): at REPEATABLE READ or SERIALIZABLE a
 * writer that waited sees what the writers before it committed, and does not fail with 40001
 * for having read an older picture (server/db/migrations/024_audit_writer_lock.ts).
 */
const WRITER_LOCK = raw('lock table audit_writer_lock in exclusive mode');
const WRITE = /^\s*(insert|update|delete|with)\b/i;

/**
 * Carries the request's audit context into the database (docs/DECISIONS.md "Audit trail"):
 * a connection taken for a write request gets `audit.context` set for as long as it serves
 * it (connections are exclusive between acquire and release: pg's pool, and the PGlite
 * dialect's queue), and loses it on release, so a pooled connection never lends one
 * request's actor to the next. Requests without a context (reads) pay nothing.
 *
 * The audit chain is one lock (each event links to the one before it). A write request's
 * transaction takes the writers' lock first, before any row lock, and a write outside a
 * transaction runs in one that does: every writer then waits in the same order, never in a
 * circle, and links its events to the chain one after the other.
 *
 * Right after the writers' lock, the request's `Idempotency-Key` is inserted in the same
 * transaction (server/http/idempotency.ts): the key exists exactly when the write committed.
 */
class AuditedDriver implements Driver {
  /** The connections handed out for a write request, to the driver's own connection. */
  private readonly tagged = new WeakMap<DatabaseConnection, DatabaseConnection>();
  private readonly inTransaction = new WeakSet<DatabaseConnection>();
  /** The connections handed out for a read request, to the driver's own connection. */
  private readonly readOnlyHandles = new WeakMap<DatabaseConnection, DatabaseConnection>();

  constructor(private readonly inner: Driver) {}

  init(): Promise<void> {
    return this.inner.init();
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    const connection = await this.inner.acquireConnection();
    const context = currentAuditContext();
    if (!context) return inReadRequest() ? this.readOnly(connection) : connection;
    try {
      await connection.executeQuery(raw(`select set_config('audit.context', $1, false)`, [JSON.stringify(context)]));
    } catch (error) {
      // Kysely never sees this connection, so it would never release it: a pool slot lost for
      // good at each connection the database dropped (docs/DECISIONS.md "Database faults").
      await this.inner.releaseConnection(connection);
      throw error;
    }
    // Kysely hands this object back to every other method; the inner driver gets its own back.
    const handle: DatabaseConnection = {
      executeQuery: <R>(query: CompiledQuery) => this.execute<R>(handle, connection, query),
      streamQuery: (query, chunkSize) => connection.streamQuery(query, chunkSize),
    };
    this.tagged.set(handle, connection);
    return handle;
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
    if (this.inTransaction.has(handle) || !WRITE.test(query.sql)) return connection.executeQuery<R>(query);
    await connection.executeQuery(raw('begin'));
    try {
      await connection.executeQuery(WRITER_LOCK);
      await claimKey(connection);
      const result = await connection.executeQuery<R>(query);
      await connection.executeQuery(raw('commit'));
      markCommitted();
      return result;
    } catch (error) {
      await connection.executeQuery(raw('rollback'));
      throw error;
    }
  }

  async beginTransaction(connection: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    await this.inner.beginTransaction(this.own(connection), settings);
    if (!this.tagged.has(connection)) return;
    this.inTransaction.add(connection);
    try {
      await this.own(connection).executeQuery(WRITER_LOCK);
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
    if (this.tagged.has(connection)) markCommitted();
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    this.inTransaction.delete(connection);
    await this.inner.rollbackTransaction(this.own(connection));
  }

  async releaseConnection(connection: DatabaseConnection): Promise<void> {
    const own = this.own(connection);
    if (this.tagged.has(connection)) {
      this.tagged.delete(connection);
      await own.executeQuery(raw(`select set_config('audit.context', '', false)`)).catch(() => undefined);
    }
    await this.inner.releaseConnection(own);
  }

  destroy(): Promise<void> {
    return this.inner.destroy();
  }
}

/** The same dialect, with the audit context carried to each connection. */
export function audited(dialect: Dialect): Dialect {
  return {
    createDriver: () => new AuditedDriver(dialect.createDriver()),
    createQueryCompiler: () => dialect.createQueryCompiler(),
    createAdapter: () => dialect.createAdapter(),
    createIntrospector: (db) => dialect.createIntrospector(db),
  };
}
