import { sql, type Kysely } from 'kysely';

/**
 * Transaction policies and the address book (docs/DECISIONS.md "Transaction policy").
 * A policy is kept as versions: every change writes a whole new version (the ordered rules
 * and the change delay) that is in force from `active_from`; the version in force is the
 * newest one whose `active_from` has passed. Nothing is edited in place, so what decided a
 * proposal can always be read back.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table address_book_entry (
      id serial primary key,
      org_id integer not null references org(id),
      chain_id bigint not null references chain(chain_id) on update cascade,
      address text not null,
      label text not null,
      memo text not null default '',
      active_from timestamptz not null,
      created_by integer references app_user(id),
      created_at timestamptz not null default now(),
      unique (org_id, chain_id, address)
    )`.execute(db);
  await sql`
    create table policy_version (
      id serial primary key,
      org_id integer not null references org(id),
      rules jsonb not null,
      delay_hours integer not null,
      active_from timestamptz not null,
      created_by integer references app_user(id),
      created_at timestamptz not null default now()
    )`.execute(db);
  await sql`create index policy_version_org_active on policy_version (org_id, active_from desc, id desc)`.execute(db);
  // The rule that decided a proposal, as it read then (position, rule, outcome), or null.
  await sql`alter table proposal add column policy jsonb`.execute(db);
  for (const [table, entity] of [
    ['address_book_entry', 'addressBook'],
    ['policy_version', 'policy'],
  ]) {
    await sql
      .raw(
        `create trigger ${table}_audit after insert or update or delete on ${table} for each row execute function audit_row_change('${entity}', 'id')`,
      )
      .execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table proposal drop column policy`.execute(db);
  await sql`drop table policy_version`.execute(db);
  await sql`drop table address_book_entry`.execute(db);
}
