import { sql, type Kysely } from 'kysely';
import { serialId, appendOnly } from './frozen';

/**
 * Order repairs (/order-repair, audited; docs/roles-and-routes.md): every manual correction of a payment
 * order, who made it, why and what changed. Append-only, enforced by the database; and
 * a transaction hash pays at most one order.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('order_repair')
    .$call(serialId)
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
  await appendOnly(
    db,
    { table: 'order_repair', fn: 'order_repair_append_only', trigger: 'order_repair_no_update' },
    'order_repair is append-only',
    '42501',
  );
}
