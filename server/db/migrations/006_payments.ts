import { sql, type Kysely } from 'kysely';
import { ofOrg, onChain, timestamps, createdAt, tableWithSerialId } from './frozen';

/**
 * Payments (the finance reports of docs/roles-and-routes.md, and the demo data): pay links, the orders paid to merchants
 * (checkout payments, pay-link payments, recharges) and the gas the platform spent.
 * Amounts are numeric (decimal strings on the wire, docs/ledger.md).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await tableWithSerialId(db, 'pay_link')
    .$call(ofOrg)
    .addColumn('code', 'text', (c) => c.notNull().unique())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('currency_id', 'integer', (c) => c.notNull().references('currency.id'))
    // Null: the payer chooses the amount.
    .addColumn('amount', 'numeric', (c) => c.check(sql`amount is null or amount > 0`))
    .addColumn('enabled', 'boolean', (c) => c.notNull().defaultTo(true))
    .$call(timestamps)
    .execute();
  await db.schema.createIndex('pay_link_org_idx').on('pay_link').column('org_id').execute();

  await tableWithSerialId(db, 'payment_order')
    .addColumn('order_no', 'text', (c) => c.notNull().unique())
    .$call(ofOrg)
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('payment', 'linkpay', 'recharge')`))
    .addColumn('pay_link_id', 'integer', (c) => c.references('pay_link.id'))
    .$call(onChain)
    .addColumn('currency_id', 'integer', (c) => c.notNull().references('currency.id'))
    .addColumn('amount', 'numeric', (c) => c.notNull().check(sql`amount > 0`))
    .addColumn('fee', 'numeric', (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`fee >= 0`),
    )
    .addColumn('status', 'text', (c) => c.notNull().check(sql`status in ('pending', 'paid', 'expired', 'failed')`))
    .addColumn('payer_address', 'text')
    .addColumn('deposit_address', 'text', (c) => c.notNull())
    .addColumn('tx_hash', 'text')
    .$call(createdAt)
    .addColumn('paid_at', 'timestamptz')
    .addCheckConstraint('payment_order_link_kind', sql`(kind = 'linkpay') = (pay_link_id is not null)`)
    .addCheckConstraint('payment_order_paid', sql`(status = 'paid') = (paid_at is not null)`)
    .execute();
  await db.schema.createIndex('payment_order_kind_created_idx').on('payment_order').columns(['kind', 'created_at']).execute();
  await db.schema.createIndex('payment_order_org_idx').on('payment_order').column('org_id').execute();
  await db.schema.createIndex('payment_order_tx_idx').on('payment_order').column('tx_hash').execute();

  await tableWithSerialId(db, 'gas_fee')
    .$call(ofOrg)
    .$call(onChain)
    .addColumn('wallet_id', 'integer', (c) => c.notNull().references('chain_wallet.id'))
    // The chain's native coin pays the gas.
    .addColumn('currency_id', 'integer', (c) => c.notNull().references('currency.id'))
    .addColumn('reason', 'text', (c) => c.notNull().check(sql`reason in ('sweep', 'withdraw', 'proposal')`))
    .addColumn('fee', 'numeric', (c) => c.notNull().check(sql`fee > 0`))
    .addColumn('tx_hash', 'text', (c) => c.notNull())
    .$call(createdAt)
    .execute();
  await db.schema.createIndex('gas_fee_created_idx').on('gas_fee').column('created_at').execute();
}
