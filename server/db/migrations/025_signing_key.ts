import { sql, type Kysely } from 'kysely';

/**
 * Each signer's EVM key, by its address only (docs/chains.md "Signers' keys"): the key itself never
 * leaves the signer's browser. One per user, and one user per address: two people sharing a key
 * would be one vote counted twice. Changes are audited.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table signing_key (
      user_id integer primary key references app_user(id),
      address text not null,
      registered_at timestamptz not null
    )`.execute(db);
  await sql`create unique index signing_key_address on signing_key (lower(address))`.execute(db);
  await sql`create trigger signing_key_audit after insert or update or delete on signing_key for each row execute function audit_row_change('signingKey', 'user_id')`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table signing_key`.execute(db);
}
