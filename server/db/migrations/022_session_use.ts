import { sql, type Kysely } from 'kysely';

/**
 * When each session was last used (docs/DECISIONS.md "Account (/account)"), in a table of its own:
 * stamping it is neither an audited change nor a change of who a session is, so it triggers
 * neither the audit trail nor the callers' change feed (which the `session` table does).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table session_use (
      session_id integer primary key references session(id) on delete cascade,
      last_used_at timestamptz not null
    )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table session_use`.execute(db);
}
