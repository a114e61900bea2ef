import { sql, type Kysely } from 'kysely';
import { onChain, serialId } from './frozen';

/**
 * Re-check (/order-repair; docs/ledger.md "Order credit"): the incoming transfers the chain watcher observed,
 * which a re-check reads to complete an order whose payment really arrived. The reference
 * server simulates the chains, so the seed writes them. And order_repair learns the
 * 'recheck' action, which has no reason to give (the chain is the evidence).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('chain_transfer')
    .$call(serialId)
    .$call(onChain)
    .addColumn('currency_id', 'integer', (c) => c.notNull().references('currency.id'))
    .addColumn('to_address', 'text', (c) => c.notNull())
    .addColumn('from_address', 'text', (c) => c.notNull())
    .addColumn('amount', 'numeric', (c) => c.notNull().check(sql`amount > 0`))
    .addColumn('tx_hash', 'text', (c) => c.notNull())
    .addColumn('block_time', 'timestamptz', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  // A transaction is seen once per chain; hex hashes compare regardless of case, as payment_order_paid_tx does.
  await sql`create unique index chain_transfer_tx on chain_transfer (chain_id, lower(tx_hash))`.execute(db);
  await db.schema.createIndex('chain_transfer_to_idx').on('chain_transfer').columns(['chain_id', 'to_address']).execute();

  // Constraint DDL, not a row change: the append-only trigger of order_repair does not fire.
  await sql`alter table order_repair drop constraint order_repair_action_check`.execute(db);
  await sql`alter table order_repair add constraint order_repair_action_check check (action in ('recredit', 'recheck'))`.execute(db);
  await sql`alter table order_repair alter column reason drop not null`.execute(db);
  await sql`alter table order_repair add constraint order_repair_reason check ((action = 'recredit') = (reason is not null))`.execute(db);
}
