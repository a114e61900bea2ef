import { sql, type Kysely } from 'kysely';
import { up as auditValues032 } from './032_audit_signature_hash';

/**
 * Merchant API keys (docs/api.md "Merchant API keys", docs/DECISIONS.md "Merchant API keys"): a
 * key of a merchant org, named, with its scopes. Only its SHA-256 is kept (`secret_hash`), and the
 * first characters (`prefix`) that tell it apart in lists; revoking stamps `revoked_at` and
 * `revoked_by`, the row stays. Creation and revocation are audited as `apiKey`; the hash never
 * enters an audit event (`audit_values` drops `secret_hash` as it drops `password_hash`), and the
 * last-use stamp runs without an audit context, as a session's does (server/modules/apiKey/lookup.ts).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table api_key (
      id serial primary key,
      org_id integer not null references org(id),
      name text not null check (length(name) between 1 and 100),
      prefix text not null,
      secret_hash text not null unique,
      scopes text[] not null check (cardinality(scopes) > 0 and scopes <@ array['orders:write', 'orders:read']::text[]),
      created_by integer not null references app_user(id),
      created_at timestamptz not null default now(),
      revoked_at timestamptz,
      revoked_by integer references app_user(id),
      last_used_at timestamptz
    )`.execute(db);
  await sql`create index api_key_org on api_key (org_id, id)`.execute(db);
  await sql`
    create or replace function audit_values(row_data jsonb, mask_code boolean) returns jsonb language sql immutable as $$
      select coalesce(jsonb_object_agg(key, case
          when key = 'code' and mask_code then to_jsonb('…' || right(value #>> '{}', 4))
          when key = 'signature' and jsonb_typeof(value) = 'string' then to_jsonb(audit_signature_hash(value #>> '{}'))
          when key = 'lower_signatures' and jsonb_typeof(value) = 'object' then
            (select coalesce(jsonb_object_agg(l.key, case when jsonb_typeof(l.value) = 'string' then to_jsonb(audit_signature_hash(l.value #>> '{}')) else l.value end), '{}'::jsonb)
               from jsonb_each(value) l)
          when jsonb_typeof(value) = 'number' then to_jsonb(value #>> '{}')
          else value end), '{}'::jsonb)
      from jsonb_each(row_data - 'password_hash' - 'token_hash' - 'secret_hash')
    $$`.execute(db);
  await sql`create trigger api_key_audit after insert or update or delete on api_key for each row execute function audit_row_change('apiKey', 'id')`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table api_key`.execute(db);
  await auditValues032(db);
}
