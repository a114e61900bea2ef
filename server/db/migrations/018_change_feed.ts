import { sql, type Kysely } from 'kysely';

/**
 * Who a session is — its user, memberships and orgs — and the reference lists — networks and
 * currencies — are remembered by each API instance for a few seconds
 * (server/http/changeFeedCache.ts). Any change to those tables is announced when its
 * transaction commits (`caller_change`, `reference_change`), so every instance forgets at once.
 */
const FEEDS: Record<string, string[]> = {
  caller_change: ['session', 'app_user', 'membership', 'org'],
  reference_change: ['chain', 'currency'],
};

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create function change_feed_notify() returns trigger language plpgsql as $$
    begin
      perform pg_notify(tg_argv[0], tg_table_name);
      return null;
    end $$`.execute(db);
  for (const [channel, tables] of Object.entries(FEEDS)) {
    for (const table of tables) {
      await sql
        .raw(
          `create trigger ${table}_${channel} after insert or update or delete or truncate on ${table} for each statement execute function change_feed_notify('${channel}')`,
        )
        .execute(db);
    }
  }
}
