import { sql, type Kysely } from 'kysely';
import { serialId } from './frozen';

/**
 * The deposit watcher survives reorganisations of a chain (docs/chains.md "Deposits", "Reorgs"):
 *
 * - `chain_block`: the hashes of the last blocks the watcher read per chain (the newest 256),
 *   written in the transaction that books those blocks; each poll first checks the chain still has
 *   the last one, and walks back through them to the fork point when it does not.
 * - `chain_transfer.vanished_at`: a transfer whose block left the chain. Its row stays (the reversing
 *   ledger entries name its hash); it no longer counts as delivered (the ledger's `transferCredit`),
 *   and the same transaction mined again on the new branch is a row of its own.
 * - `chain_reorg`: one row per reorg the watcher undid, audited (entity `chainReorg`) under the
 *   system's route `chain reorg`.
 * - ledger entries learn the reason `reorg` (src/contract/ledger.ts; no check lists reasons) and
 *   `order_round`: an order's credit can be reversed by a reorg and paid again, so "one credit per
 *   order" becomes one `payment` per order and round, and one `reorg` reversal per order and round.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('chain_block')
    .addColumn('chain_id', 'bigint', (c) => c.notNull().references('chain.chain_id').onUpdate('cascade').onDelete('cascade'))
    .addColumn('block_number', 'bigint', (c) => c.notNull().check(sql`block_number >= 0`))
    .addColumn('block_hash', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('chain_block_pk', ['chain_id', 'block_number'])
    .execute();

  await sql`alter table chain_transfer add column vanished_at timestamptz`.execute(db);
  await sql`drop index chain_transfer_log`.execute(db);
  await sql`create unique index chain_transfer_log on chain_transfer (chain_id, lower(tx_hash), log_index) where vanished_at is null`.execute(
    db,
  );

  await db.schema
    .createTable('chain_reorg')
    .$call(serialId)
    .addColumn('chain_id', 'bigint', (c) => c.notNull().references('chain.chain_id').onUpdate('cascade').onDelete('cascade'))
    .addColumn('fork_block', 'bigint', (c) => c.notNull())
    .addColumn('last_block', 'bigint', (c) => c.notNull())
    .addColumn('last_hash', 'text', (c) => c.notNull())
    .addColumn('reversed', 'integer', (c) => c.notNull())
    .addColumn('unreversed', 'integer', (c) => c.notNull())
    .addColumn('beyond_kept', 'boolean', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`create index chain_reorg_chain_idx on chain_reorg (chain_id, id)`.execute(db);
  await sql`create trigger chain_reorg_audit after insert or update or delete on chain_reorg for each row execute function audit_row_change('chainReorg', 'id')`.execute(
    db,
  );

  // A new column with a default writes no row: the ledger's append-only trigger does not fire.
  await sql`alter table ledger_entry add column order_round smallint not null default 1`.execute(db);
  await sql`drop index ledger_entry_order_credit`.execute(db);
  await sql`create unique index ledger_entry_order_credit on ledger_entry (order_id, order_round) where reason = 'payment'`.execute(db);
  await sql`create unique index ledger_entry_order_reorg on ledger_entry (order_id, order_round) where reason = 'reorg' and order_id is not null`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index ledger_entry_order_reorg`.execute(db);
  await sql`drop index ledger_entry_order_credit`.execute(db);
  await sql`create unique index ledger_entry_order_credit on ledger_entry (order_id) where reason = 'payment'`.execute(db);
  await sql`alter table ledger_entry drop column order_round`.execute(db);
  await db.schema.dropTable('chain_reorg').execute();
  await sql`drop index chain_transfer_log`.execute(db);
  await sql`delete from chain_transfer where vanished_at is not null`.execute(db);
  await sql`create unique index chain_transfer_log on chain_transfer (chain_id, lower(tx_hash), log_index)`.execute(db);
  await sql`alter table chain_transfer drop column vanished_at`.execute(db);
  await db.schema.dropTable('chain_block').execute();
}
