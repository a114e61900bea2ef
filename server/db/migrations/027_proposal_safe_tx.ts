import { sql, type Kysely } from 'kysely';

/**
 * A proposal on a Safe carries the Safe transaction its signers sign (docs/chains.md "Proposals on
 * Safes"): to, value, data, operation and the Safe's nonce, fixed at start. Each approval keeps the
 * signer's EIP-712 signature of it; the confirm hands them to the Safe.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table proposal add column safe_tx jsonb`.execute(db);
  await sql`alter table proposal_vote add column signature text`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table proposal_vote drop column signature`.execute(db);
  await sql`alter table proposal drop column safe_tx`.execute(db);
}
