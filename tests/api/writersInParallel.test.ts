import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { startTestServer, type TestServer } from './harness';
import { systemAuditContext, withAuditContext } from '../../server/http/auditContext';

/**
 * At READ COMMITTED (the default) write requests do not queue on one lock (docs/DECISIONS.md "The
 * audit chain sealed after commit"; at SERIALIZABLE they still do: tests/api/writerLock.test.ts): a second writer commits while the first is still open, and each one's transaction
 * carries its own audit context, set with its first statement and gone at its end.
 */
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ seed: false });
  await sql`create table writer_probe (n integer not null)`.execute(server.app.context.db);
});
afterAll(() => server?.close());

describe('writers side by side', () => {
  it('on PostgreSQL a second writer commits while the first is still open; each transaction sees only its own context', async () => {
    const { db } = server.app.context;
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let firstWrote!: () => void;
    const wrote = new Promise<void>((resolve) => (firstWrote = resolve));
    const first = withAuditContext(systemAuditContext('first'), () =>
      db.transaction().execute(async (trx) => {
        await sql`insert into writer_probe values (1)`.execute(trx);
        firstWrote();
        await held;
        return (await sql<{ route: string }>`select current_setting('audit.context')::jsonb ->> 'route' as route`.execute(trx)).rows[0]
          .route;
      }),
    );
    await wrote;
    const second = () =>
      withAuditContext(systemAuditContext('second'), () =>
        db.transaction().execute(async (trx) => {
          await sql`insert into writer_probe values (2)`.execute(trx);
          return (await sql<{ route: string }>`select current_setting('audit.context')::jsonb ->> 'route' as route`.execute(trx)).rows[0]
            .route;
        }),
      );
    // PGlite has one connection: there the second simply runs after the first.
    if (server.database.kind === 'postgres') {
      try {
        expect(await second()).toBe('second');
      } finally {
        release();
      }
      expect(await first).toBe('first');
    } else {
      release();
      expect(await first).toBe('first');
      expect(await second()).toBe('second');
    }
    // Outside a write request's transaction the context is gone.
    const { rows } = await sql<{ context: string | null }>`select current_setting('audit.context', true) as context`.execute(db);
    expect(rows[0].context ?? '').toBe('');
    const probe = await sql<{ n: number }>`select n from writer_probe order by n`.execute(db);
    expect(probe.rows.map((r) => r.n)).toEqual([1, 2]);
  }, 30_000);
});
