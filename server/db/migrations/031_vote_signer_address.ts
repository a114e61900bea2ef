import { sql, type Kysely } from 'kysely';

/**
 * The address an approval's signature was checked against when it came (docs/chains.md "The transaction
 * view"): the detail names it instead of recovering it again from the signature, which after a
 * confirm at a lower Safe nonce would be recovered against another transaction than the one signed.
 * Earlier approvals take their signer's registered key: the one their signature was checked against,
 * since a key cannot be replaced while it is a Safe's owner.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table proposal_vote add column signer_address text`.execute(db);
  await sql`update proposal_vote v set signer_address = k.address from signing_key k where k.user_id = v.signer_id and v.signature is not null`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table proposal_vote drop column signer_address`.execute(db);
}
