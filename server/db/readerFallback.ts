import type { DatabaseConnection, Dialect, Driver, TransactionSettings } from 'kysely';
import { isDatabaseUnavailable } from './unavailable';

/**
 * Reads that tolerate lag go to the read replica (DATABASE_READ_URL); when it cannot be reached they
 * go to the primary instead (docs/DECISIONS.md "Database faults and many instances"): a replica down
 * must not turn every report, list and export into a 503 while the primary is fine. After a failure
 * the replica is left alone for `coolDownMs`, so each read does not wait out a connect time-out first.
 * Only acquiring a connection falls back: a read already running on the replica that loses it fails
 * as any read would (503, nothing written).
 */
export class ReaderFallbackDriver implements Driver {
  /** Which driver handed out each connection: it gets its own back. */
  private readonly owner = new WeakMap<DatabaseConnection, Driver>();
  private replicaDownUntil = 0;

  constructor(
    private readonly replica: Driver,
    private readonly primary: Driver,
    private readonly onFallback: (error: unknown) => void = () => undefined,
    private readonly coolDownMs = 30_000,
    private readonly now: () => number = Date.now,
  ) {}

  async init(): Promise<void> {
    await this.primary.init();
    await this.replica.init();
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    if (this.now() >= this.replicaDownUntil) {
      try {
        return this.handedOut(await this.replica.acquireConnection(), this.replica);
      } catch (error) {
        if (!isDatabaseUnavailable(error)) throw error;
        this.replicaDownUntil = this.now() + this.coolDownMs;
        this.onFallback(error);
      }
    }
    return this.handedOut(await this.primary.acquireConnection(), this.primary);
  }

  private handedOut(connection: DatabaseConnection, driver: Driver): DatabaseConnection {
    this.owner.set(connection, driver);
    return connection;
  }

  private ownerOf(connection: DatabaseConnection): Driver {
    const driver = this.owner.get(connection);
    if (!driver) throw new Error('a connection this reader did not hand out');
    return driver;
  }

  beginTransaction(connection: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    return this.ownerOf(connection).beginTransaction(connection, settings);
  }

  commitTransaction(connection: DatabaseConnection): Promise<void> {
    return this.ownerOf(connection).commitTransaction(connection);
  }

  rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    return this.ownerOf(connection).rollbackTransaction(connection);
  }

  releaseConnection(connection: DatabaseConnection): Promise<void> {
    return this.ownerOf(connection).releaseConnection(connection);
  }

  async destroy(): Promise<void> {
    await Promise.allSettled([this.replica.destroy(), this.primary.destroy()]);
  }
}

/** The replica's dialect, falling back to a pool of the primary's own (the same SQL, adapter and introspector). */
export const readerWithFallback = (replica: Dialect, primary: Dialect, onFallback?: (error: unknown) => void): Dialect => ({
  createAdapter: () => replica.createAdapter(),
  createDriver: () => new ReaderFallbackDriver(replica.createDriver(), primary.createDriver(), onFallback),
  createQueryCompiler: () => replica.createQueryCompiler(),
  createIntrospector: (db) => replica.createIntrospector(db),
});
