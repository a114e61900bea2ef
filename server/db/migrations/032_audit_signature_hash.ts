import { sql, type Kysely } from 'kysely';
import { auditValues015 } from './frozen';

/**
 * Safe signatures are bearer instruments (docs/chains.md "Proposals on Safes", "Signatures are
 * secrets"): an approval's `signature` and each of its `lower_signatures` enter the audit trail as
 * their hash (`sha256:<hex>` of the signature's text), never as themselves. The audit keeps that a
 * signature was recorded, and which; everything else `audit_values` does is unchanged. Rows already
 * written stay as they are (the trail is append-only and hashed over its values).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create or replace function audit_signature_hash(signature text) returns text language sql immutable as $$
      select 'sha256:' || encode(sha256(convert_to(signature, 'UTF8')), 'hex')
    $$`.execute(db);
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
      from jsonb_each(row_data - 'password_hash' - 'token_hash')
    $$`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql.raw(auditValues015('create or replace')).execute(db);
  await sql`drop function audit_signature_hash(text)`.execute(db);
}
