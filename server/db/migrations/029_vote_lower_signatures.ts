import { sql, type Kysely } from 'kysely';

/**
 * An approval on a Safe also signs the same transaction at each Safe nonce below its own that it may
 * end up at, should a proposal before it close without executing (docs/chains.md "Nonce gaps"): a
 * map of Safe nonce (decimal) to signature. The confirm uses the one the Safe is at.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table proposal_vote add column lower_signatures jsonb`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table proposal_vote drop column lower_signatures`.execute(db);
}
