import { sql, type Kysely } from 'kysely';

/**
 * Order repairs (/order-repair, audited; docs/roles-and-routes.md): every manual correction of a payment
 * order, who made it, why and what changed. Append-only, enforced by the database; and
 * a transaction hash pays at most one order.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('order_repair')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('order_id', 'integer', (c) => c.notNull().references('payment_order.id'))
    .addColumn('action', 'text', (c) => c.notNull().check(sql`action in ('recredit')`))
    .addColumn('actor_id', 'integer', (c) => c.notNull().references('app_user.id'))
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('tx_hash', 'text')
    .addColumn('previous_status', 'text', (c) => c.notNull())
    .addColumn('new_status', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('order_repair_order_idx').on('order_repair').column('order_id').execute();
  // One transaction pays one order: also when two orders are re-credited with it at the same moment.
  await sql`create unique index payment_order_paid_tx on payment_order (lower(tx_hash)) where status = 'paid'`.execute(db);
  await sql`
    create function order_repair_append_only() returns trigger language plpgsql as $$
    begin
      raise exception 'order_repair is append-only' using errcode = '42501';
    end $$`.execute(db);
  await sql`create trigger order_repair_no_update before update or delete on order_repair for each row execute function order_repair_append_only()`.execute(
    db,
  );
}
