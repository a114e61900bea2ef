import { sql, type Kysely } from 'kysely';

/**
 * What the chain said about a Safe proposal's execution (docs/chains.md "Proposals on Safes"): the
 * block, the gas used, its fee, the relayer that sent it and the Safe it went to. The console's
 * transaction view shows it: a devnet has no public explorer to ask.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table proposal add column chain_execution jsonb`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table proposal drop column chain_execution`.execute(db);
}
