import { sql, type Kysely } from 'kysely';

/**
 * The table of the declared resource `org-contact` (src/resources/orgContact/resource.ts): the
 * columns the generic service reads and writes are the declaration's field sources in
 * snake_case, plus `id`, `org_id`, `created_at` and `updated_at`. Changes are audited under the resource's name.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table org_contact (
      id serial primary key,
      org_id integer not null references org(id),
      name text not null,
      role text not null check (role in ('security', 'finance', 'technical', 'operations')),
      email text not null,
      phone text not null default '',
      out_of_hours boolean not null default false,
      notes text not null default '',
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    )`.execute(db);
  await sql`create index org_contact_org on org_contact (org_id, name)`.execute(db);
  await sql`create trigger org_contact_audit after insert or update or delete on org_contact for each row execute function audit_row_change('org-contact', 'id')`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table org_contact`.execute(db);
}
