import { sql, type Kysely } from 'kysely';

/**
 * How a wallet's Safe was made (docs/chains.md "Multisig wallets are Safes"): its first owners,
 * threshold and salt, which fix its address. With it the platform can deploy the very same Safe on
 * a chain that lacks it (a fresh devnet under an existing database) and tell a Safe it made from
 * an address typed in.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table chain_wallet add column safe_setup jsonb`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table chain_wallet drop column safe_setup`.execute(db);
}
