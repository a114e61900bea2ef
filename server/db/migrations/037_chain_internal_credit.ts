import { sql, type Kysely } from 'kysely';
import { serialId } from './frozen';

/**
 * Native coin that reaches one of our wallets without a transaction of its own (docs/ledger.md
 * "Internal transfers"): a contract's call forwarding value, a self-destruct, a block reward. The
 * deposit watcher finds it by reconciling each wallet's balance over the blocks it books
 * (server/modules/deposit/internalCredit.ts) and books the difference:
 *
 * - `chain_internal_credit`: one row per wallet and range of blocks whose balance rose by more than
 *   their transactions explain, with the amount; audited (entity `chainInternalCredit`) under the
 *   system's route `chain reconcile`. `vanished_at`: a reorg took its blocks off the chain (its
 *   `reorg` entry reverses it; the row stays).
 * - ledger entries learn the reason `internal transfer` (src/contract/ledger.ts; no check lists
 *   reasons) and `internal_credit_id`, the row they book (and a `reorg` reversal names it too).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('chain_internal_credit')
    .$call(serialId)
    .addColumn('chain_id', 'bigint', (c) => c.notNull().references('chain.chain_id').onUpdate('cascade').onDelete('cascade'))
    .addColumn('wallet_id', 'integer', (c) => c.notNull().references('chain_wallet.id'))
    .addColumn('currency_id', 'integer', (c) => c.notNull().references('currency.id'))
    .addColumn('from_block', 'bigint', (c) => c.notNull().check(sql`from_block >= 0`))
    .addColumn('to_block', 'bigint', (c) => c.notNull())
    .addColumn('amount', 'numeric', (c) => c.notNull().check(sql`amount > 0`))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('vanished_at', 'timestamptz')
    .addCheckConstraint('chain_internal_credit_range', sql`to_block >= from_block`)
    .execute();
  // One credit per wallet and first block among those still on the chain: a poll that runs twice books once.
  await sql`create unique index chain_internal_credit_range_idx on chain_internal_credit (wallet_id, currency_id, from_block) where vanished_at is null`.execute(
    db,
  );
  await sql`create index chain_internal_credit_chain_idx on chain_internal_credit (chain_id, to_block)`.execute(db);
  await sql`create trigger chain_internal_credit_audit after insert or update or delete on chain_internal_credit for each row execute function audit_row_change('chainInternalCredit', 'id')`.execute(
    db,
  );

  // A new nullable column writes no row: the ledger's append-only trigger does not fire.
  await sql`alter table ledger_entry add column internal_credit_id integer references chain_internal_credit (id)`.execute(db);
  await sql`create index ledger_entry_internal_credit_idx on ledger_entry (internal_credit_id) where internal_credit_id is not null`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table ledger_entry drop column internal_credit_id`.execute(db);
  await db.schema.dropTable('chain_internal_credit').execute();
}
