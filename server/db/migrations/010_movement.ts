import { sql, type Kysely } from 'kysely';
import { ofOrg, serialId } from './frozen';

/**
 * Money movements (/transfer, /withdraw, /refund, /supply; docs/ledger.md): one row per request.
 * A direct one is executed in the same transaction (its hash here); one out of a multisig
 * wallet names its proposal, whose status it then shows. Ledger reasons are free text
 * (no check constraint on ledger_entry.reason), so 'movement' needs no change there.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('movement')
    .$call(serialId)
    .$call(ofOrg)
    .addColumn('chain_id', 'integer', (c) => c.notNull())
    .addColumn('wallet_id', 'integer', (c) => c.notNull().references('chain_wallet.id'))
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('transfer', 'withdraw', 'refund', 'supply')`))
    .addColumn('to_address', 'text', (c) => c.notNull())
    .addColumn('currency_id', 'integer', (c) => c.notNull().references('currency.id'))
    .addColumn('symbol', 'text', (c) => c.notNull())
    .addColumn('amount', 'numeric', (c) => c.notNull().check(sql`amount > 0`))
    .addColumn('fee', 'numeric', (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`fee >= 0`),
    )
    .addColumn('memo', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('order_id', 'integer', (c) => c.references('payment_order.id'))
    .addColumn('proposal_id', 'integer', (c) => c.references('proposal.id'))
    .addColumn('status', 'text', (c) => c.notNull().check(sql`status in ('executed', 'proposed')`))
    .addColumn('tx_hash', 'text')
    .addColumn('created_by', 'integer', (c) => c.notNull().references('app_user.id'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('movement_kind_org_idx').on('movement').columns(['kind', 'org_id', 'created_at']).execute();
  // The refunds of one order are summed under its row lock.
  await db.schema.createIndex('movement_order_idx').on('movement').column('order_id').where(sql.ref('order_id'), 'is not', null).execute();
}
