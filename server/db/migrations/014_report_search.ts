import { sql, type Kysely } from 'kysely';

/**
 * Report search (`q`): an order number by its start, a transaction hash whole, case aside.
 * `text_pattern_ops` makes the btree on lower(order_no) usable by `LIKE 'prefix%'` whatever
 * the database's collation (a plain btree serves LIKE only under the C collation); the hash
 * indexes serve the exact `lower(tx_hash) = …` of the order and gas reports.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create index payment_order_order_no_prefix_idx on payment_order (lower(order_no) text_pattern_ops)`.execute(db);
  await sql`create index payment_order_tx_lower_idx on payment_order (lower(tx_hash))`.execute(db);
  await sql`create index gas_fee_tx_lower_idx on gas_fee (lower(tx_hash))`.execute(db);
}
