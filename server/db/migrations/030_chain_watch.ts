import { sql, type Kysely } from 'kysely';

/**
 * The deposit watcher (docs/chains.md "Deposits"): how far it has read each chain, and what it read.
 *
 * - `chain_watch`: per chain, the first block not read yet. Every instance may poll; the row's lock
 *   makes one of them book a range, once.
 * - `chain_transfer` learns the log's index (one transaction may carry several transfers; -1 is a
 *   native transfer) and its block number: rows with a block number were read from a chain, and
 *   each of those is in the books (the ledger's `transferCredit` check); rows without one are the
 *   seed's simulated history, which only a re-check reads.
 * - ledger entries learn the reason `deposit` (src/contract/ledger.ts): money that arrived with no
 *   order to pay, or beyond its order's amount.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('chain_watch')
    .addColumn('chain_id', 'bigint', (c) => c.primaryKey().references('chain.chain_id').onUpdate('cascade').onDelete('cascade'))
    .addColumn('next_block', 'bigint', (c) => c.notNull().check(sql`next_block >= 0`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`alter table chain_transfer add column log_index integer not null default 0`.execute(db);
  await sql`alter table chain_transfer add column block_number bigint`.execute(db);
  await sql`drop index chain_transfer_tx`.execute(db);
  await sql`create unique index chain_transfer_log on chain_transfer (chain_id, lower(tx_hash), log_index)`.execute(db);
  // The ledger's check joins a transfer to its entries by hash.
  await sql`create index chain_transfer_observed on chain_transfer (lower(tx_hash)) where block_number is not null`.execute(db);
  // An order paid by a transaction the watcher booked as a deposit takes its amount from that deposit (markOrderPaid).
  await sql`create index ledger_entry_deposit on ledger_entry (wallet_id, currency_id, lower(tx_hash)) where reason = 'deposit'`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index ledger_entry_deposit`.execute(db);
  await sql`drop index chain_transfer_observed`.execute(db);
  await sql`drop index chain_transfer_log`.execute(db);
  await sql`delete from chain_transfer where log_index <> 0`.execute(db);
  await sql`create unique index chain_transfer_tx on chain_transfer (chain_id, lower(tx_hash))`.execute(db);
  await sql`alter table chain_transfer drop column block_number`.execute(db);
  await sql`alter table chain_transfer drop column log_index`.execute(db);
  await db.schema.dropTable('chain_watch').execute();
}
