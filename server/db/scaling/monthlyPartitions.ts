/**
 * The DDL of docs/SCALING.md: orders and ledger entries partitioned by month of `created_at`
 * on PostgreSQL, for when one table per kind of row stops being enough (100M rows and beyond).
 * Not applied by the migrations today; `tests/api/monthlyPartitions.test.ts` runs it on a
 * small copy of the data so the plan stays true. Statements only: the caller runs them.
 */
export type PartitionedTable = 'payment_order' | 'ledger_entry';

/** The indexes the reports and the ledger read by (migrations 014, 016 and 017), per table. */
const INDEXES: Record<PartitionedTable, string[]> = {
  payment_order: [
    '(kind, created_at, id)',
    '(kind, chain_id, created_at, id)',
    '(kind, org_id, created_at, id)',
    '(kind, amount, id)',
    '(kind, paid_at, id)',
    '(lower(order_no) text_pattern_ops)',
    '(lower(tx_hash))',
  ],
  ledger_entry: ['(wallet_id, currency_id, id)', '(created_at, id)', '(order_id)', '(movement_id)', '(proposal_id)'],
};

const monthName = (at: Date) => `y${at.getUTCFullYear()}m${String(at.getUTCMonth() + 1).padStart(2, '0')}`;
const iso = (at: Date) => at.toISOString().slice(0, 10);
const nextMonth = (at: Date) => new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth() + 1, 1));

/** `<table>_by_month`, partitioned by month over [from, to), a default partition for anything outside, and the indexes. */
export function monthlyPartitionDdl(table: PartitionedTable, from: Date, to: Date): string[] {
  const parent = `${table}_by_month`;
  // The primary key of a partitioned table must hold the partition key: (id, created_at).
  const statements = [
    `create table ${parent} (like ${table} including defaults including constraints including generated) partition by range (created_at)`,
    `alter table ${parent} add primary key (id, created_at)`,
  ];
  for (let month = new Date(Date.UTC(from.getUTCFullYear(), from.getUTCMonth(), 1)); month < to; month = nextMonth(month)) {
    statements.push(
      `create table ${table}_${monthName(month)} partition of ${parent} for values from ('${iso(month)}') to ('${iso(nextMonth(month))}')`,
    );
  }
  statements.push(`create table ${table}_other partition of ${parent} default`);
  INDEXES[table].forEach((columns, n) => statements.push(`create index ${parent}_${n} on ${parent} ${columns}`));
  return statements;
}

/** Copies one month of rows into the partitioned table (run month by month, oldest first, then swap names). */
export function copyMonthSql(table: PartitionedTable, month: Date): string {
  return `insert into ${table}_by_month select * from ${table} where created_at >= '${iso(month)}' and created_at < '${iso(nextMonth(month))}'`;
}
