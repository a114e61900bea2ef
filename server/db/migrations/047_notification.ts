import { sql, type Kysely } from 'kysely';

/**
 * Notifications (docs/webhooks.md "Notifications in the app bar"): a notice for one user, about one
 * thing of one org, shown by the console's app bar until it is read or stops being true.
 *
 * - `kind` says what it is (`proposal.needs_approval`); `subject` which thing (`proposal:42`), so
 *   the notices of a thing are found and removed together when it is decided; `data` what the
 *   list shows (JSON, the kind's own shape).
 * - `expires_at`: when the notice stops being true by the clock alone (a proposal's expiry); a read
 *   hides it from then on, before any sweep removes it. Null: it holds until removed.
 * - `read_at`: when its user opened it, or null.
 *
 * Written in the transaction of the change that makes it true, and deleted in the one that ends
 * it: the unread count is the number of rows, never a cached copy. Not audited: what it reports is.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table notification (
      id bigserial primary key,
      user_id integer not null references app_user(id),
      org_id integer not null references org(id),
      kind text not null,
      subject text not null,
      data jsonb not null,
      created_at timestamptz not null,
      expires_at timestamptz,
      read_at timestamptz
    )`.execute(db);
  // A user's list, newest first; the notices of one thing, when it is decided.
  await sql`create index notification_user on notification (user_id, org_id, created_at desc, id desc)`.execute(db);
  await sql`create index notification_subject on notification (subject, kind)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table notification`.execute(db);
}
