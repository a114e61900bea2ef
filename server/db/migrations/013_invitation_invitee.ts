import { sql, type Kysely } from 'kysely';

/**
 * An invitation is bound to the account it was issued for (`invitee`): only that account
 * signs up or joins with it. Codes issued before named nobody, so whoever read one could take
 * it: the open ones are withdrawn here and must be issued again to a named account.
 * Accounts are compared trimmed and case aside (sign-in too): the unique index makes that
 * form name one user, and serves the look-up.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('invitation').addColumn('invitee', 'text').execute();
  await sql`update invitation set revoked_at = now() where invitee is null and used_at is null and revoked_at is null and expires_at > now()`.execute(
    db,
  );
  await sql`create unique index app_user_account_lower_idx on app_user (lower(account))`.execute(db);
}
