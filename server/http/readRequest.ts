import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * Marks the work of a GET request (docs/DECISIONS.md "Database faults"): a read may be served by
 * a read replica, and N instances must not race to write what a read finds (proposal expiry is
 * derived at read time and persisted by a sweep). The database driver (server/db/
 * auditedDialect.ts) refuses a data-changing statement made while this mark is set, so a GET
 * that writes fails in the tests instead of on a replica in production.
 */
const storage = new AsyncLocalStorage<true>();

export const asReadRequest = <T>(work: () => Promise<T>): Promise<T> => storage.run(true, work);

export const inReadRequest = (): boolean => storage.getStore() === true;

/** A statement that changes data: INSERT, UPDATE, DELETE or MERGE, also inside a WITH. */
const CHANGES_DATA = /\b(insert\s+into|update\s+("?\w+"?\.)?"?\w+"?\s+set|delete\s+from|merge\s+into)\b/i;

export const changesData = (sqlText: string): boolean => CHANGES_DATA.test(sqlText);

/** Runs `work` unmarked: what an instance must record even while serving a read (rate-limit counters). */
export const outsideReadRequest = <T>(work: () => T): T => storage.exit(work);
