import { sql, type Kysely } from 'kysely';

/**
 * TOTP two-factor authentication and step-up (docs/DECISIONS.md "Two-factor authentication and
 * step-up"). One row per user that started enrolment: `enrolled_at` stays null until the first
 * code confirms the secret, so a half-finished enrolment never asks for codes at sign-in.
 * `last_step` is the newest TOTP time step accepted: a code of that step or an older one is a
 * replay. Recovery codes are kept as sha256 hashes (they are random, 50 bits: no slow hash
 * needed behind the per-account code limit). A session's `step_up_at` is when its caller last
 * proved the second factor; an org's `require_two_factor` makes enrolment mandatory for its members.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table two_factor (
      user_id integer primary key references app_user(id) on delete cascade,
      secret text not null,
      enrolled_at timestamptz,
      last_step integer,
      created_at timestamptz not null default now()
    )`.execute(db);
  await sql`
    create table two_factor_recovery_code (
      id serial primary key,
      user_id integer not null references app_user(id) on delete cascade,
      code_hash text not null,
      used_at timestamptz
    )`.execute(db);
  await sql`create index two_factor_recovery_code_user on two_factor_recovery_code (user_id)`.execute(db);
  await sql`alter table session add column step_up_at timestamptz`.execute(db);
  await sql`alter table org add column require_two_factor boolean not null default false`.execute(db);
  // Whether a user is enrolled is part of who a session is (server/http/caller.ts): instances
  // that remember sessions forget them when it changes, as for the tables of 018.
  await sql
    .raw(
      `create trigger two_factor_caller_change after insert or update or delete or truncate on two_factor for each statement execute function change_feed_notify('caller_change')`,
    )
    .execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table org drop column require_two_factor`.execute(db);
  await sql`alter table session drop column step_up_at`.execute(db);
  await sql`drop table two_factor_recovery_code`.execute(db);
  await sql`drop table two_factor`.execute(db);
}
