import { sql, type Kysely } from 'kysely';

/**
 * Who a session is — its user, memberships and orgs — is remembered by each API instance for
 * a few seconds (server/http/callerCache.ts). Any change to those tables is announced on the
 * `caller_change` channel when its transaction commits, so every instance forgets at once.
 */
const TABLES = ['session', 'app_user', 'membership', 'org'];

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create function caller_change_notify() returns trigger language plpgsql as $$
    begin
      perform pg_notify('caller_change', tg_table_name);
      return null;
    end $$`.execute(db);
  for (const table of TABLES) {
    await sql.raw(`create trigger ${table}_caller_change after insert or update or delete or truncate on ${table} for each statement execute function caller_change_notify()`).execute(db);
  }
}
