import { describe, expect, it } from 'vitest';
import { CamelCasePlugin, DummyDriver, Kysely, PostgresAdapter, PostgresIntrospector, PostgresQueryCompiler, sql } from 'kysely';
import type { Database } from '../../../server/db/schema';
import { feedsWrittenBy, tablesWrittenBy } from '../../../server/http/changeFeedCache';

/**
 * A write request forgets the remembered sessions and reference lists when a statement writes
 * their tables (server/http/route.ts runWrite): a statement missed here would leave this instance
 * answering from a stale session until the change feed arrives.
 */
const db = new Kysely<Database>({
  plugins: [new CamelCasePlugin()],
  dialect: {
    createAdapter: () => new PostgresAdapter(),
    createDriver: () => new DummyDriver(),
    createIntrospector: (kysely) => new PostgresIntrospector(kysely),
    createQueryCompiler: () => new PostgresQueryCompiler(),
  },
});

describe('the tables a statement writes', () => {
  it('reads Kysely’s inserts, updates and deletes', () => {
    expect(
      tablesWrittenBy(
        db
          .insertInto('session')
          .values({ userId: 1 } as never)
          .compile().sql,
      ),
    ).toEqual(['session']);
    expect(tablesWrittenBy(db.updateTable('appUser').set({ userName: 'x' }).where('id', '=', 1).compile().sql)).toEqual(['app_user']);
    expect(tablesWrittenBy(db.deleteFrom('membership').where('userId', '=', 1).compile().sql)).toEqual(['membership']);
  });

  it('reads hand-written SQL, in any case, with a schema or ONLY, and every write of a CTE', () => {
    expect(tablesWrittenBy('UPDATE public.org SET name = $1')).toEqual(['org']);
    expect(tablesWrittenBy('truncate table two_factor')).toEqual(['two_factor']);
    expect(tablesWrittenBy('delete from only "chain" where id = 1')).toEqual(['chain']);
    const cte = sql`with gone as (delete from session where user_id = 1 returning id) insert into audit_note select id from gone`;
    expect(tablesWrittenBy(cte.compile(db).sql)).toEqual(['session', 'audit_note']);
  });

  it('names a channel only for its own tables: reading them, or a column like org_id, is no write', () => {
    expect(feedsWrittenBy('insert into address_book_entry (org_id) select id from org')).toEqual([]);
    expect(feedsWrittenBy('select * from session for update')).toEqual([]);
    expect(feedsWrittenBy('insert into "currency" (symbol) values ($1)')).toEqual(['reference_change']);
    expect(feedsWrittenBy('update "membership" set role_level = 2')).toEqual(['caller_change']);
  });
});
