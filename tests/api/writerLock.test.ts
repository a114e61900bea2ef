import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { startTestServer, type TestServer } from './harness';
import { systemAuditContext, withAuditContext } from '../../server/http/auditContext';

/**
 * On a database whose default isolation is SERIALIZABLE (or REPEATABLE READ), writers queue on one
 * lock that fixes no snapshot (server/db/auditedDialect.ts, docs/DECISIONS.md "Database faults and
 * many instances", "The audit chain sealed after commit"): at SERIALIZABLE a writer that waited for another sees
 * what that one committed. With a lock taken by a `select` (an advisory lock) it would read the
 * older picture and fail with 40001 once it wrote.
 */
let server: TestServer;
const writer = systemAuditContext('writer lock test');

beforeAll(async () => {
  server = await startTestServer({ seed: false, isolation: 'serializable' });
  await sql`create table writer_probe (n integer not null)`.execute(server.app.context.db);
});
afterAll(() => server?.close());

/** True once some transaction waits for the writers' lock (only on PostgreSQL can two run at once). */
const someoneWaits = async () => {
  const { rows } = await sql<{ waiting: number }>`
    select count(*)::int as waiting from pg_locks where not granted`.execute(server.app.context.db);
  return rows[0].waiting > 0;
};

describe('the writers’ lock at SERIALIZABLE', () => {
  it('a writer that waited reads what the writer before it committed, and writes without a serialization failure', async () => {
    const { db } = server.app.context;
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let firstHasLock!: () => void;
    const locked = new Promise<void>((resolve) => (firstHasLock = resolve));
    const first = withAuditContext(writer, () =>
      db.transaction().execute(async (trx) => {
        await sql`insert into writer_probe values (1)`.execute(trx);
        firstHasLock();
        await held;
      }),
    );
    await locked;
    const second = withAuditContext(writer, () =>
      db.transaction().execute(async (trx) => {
        const { rows } = await sql<{ seen: number }>`select count(*)::int as seen from writer_probe`.execute(trx);
        await sql`insert into writer_probe values (2)`.execute(trx);
        return rows[0].seen;
      }),
    );
    // On PostgreSQL the second really waits for the lock before the first commits; PGlite has one
    // connection, so there it simply runs after the first.
    try {
      if (server.database.kind === 'postgres') await expect.poll(someoneWaits, { timeout: 10_000 }).toBe(true);
    } finally {
      release();
    }
    await first;
    expect(await second).toBe(1);
    const { rows } = await sql<{ n: number }>`select n from writer_probe order by n`.execute(db);
    expect(rows.map((r) => r.n)).toEqual([1, 2]);
  }, 30_000);
});
