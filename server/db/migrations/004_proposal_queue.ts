import { sql, type Kysely } from 'kysely';

/**
 * Multisig queue support (docs/proposals.md): the expiry sweep that runs before every proposal
 * read finds open proposals past their time through a small partial index instead of
 * scanning the table.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create index proposal_open_expiry_idx on proposal (expires_at) where status in ('pending', 'approved')`.execute(db);
}
