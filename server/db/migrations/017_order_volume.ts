import { sql, type Kysely } from 'kysely';

/**
 * Reports at volume (docs/SCALING.md, docs/DECISIONS.md "Reports at volume"):
 * - indexes that match the reports' filters and sorts: kind first (every order report is one
 *   kind), then the tenant or chain, then time, with the id as the tie-breaker the lists sort by;
 * - `order_volume`: the orders counted and summed per UTC day and per UTC month, per kind, org,
 *   chain, currency and status — written by the database in the same statement as the orders
 *   (statement triggers over the changed rows), so totals, counts and deep pages read a few
 *   hundred rows instead of millions and can never drift from the orders;
 * - `paid_volume`: the paid orders per UTC day of payment (the /home chart).
 */
const ORDER_VOLUME_KEY = 'kind, grain, bucket, org_id, chain_id, currency_id, status';
const PAID_VOLUME_KEY = 'day, org_id, chain_id, currency_id';

/**
 * The statements that add the signed rows of `changes` (a select with a `sign` column) to both
 * aggregates. Exported for migration 048, whose trigger functions run these same statements and one more:
 * FROZEN as ./frozen.ts is (both migrations run them).
 */
export function applyChanges(changes: string): string[] {
  return [
    `insert into order_volume as v (${ORDER_VOLUME_KEY}, orders, amount, fee)
      select c.kind, g.grain,
             case g.grain when 'day' then (c.created_at at time zone 'UTC')::date
                          else date_trunc('month', c.created_at at time zone 'UTC')::date end,
             c.org_id, c.chain_id, c.currency_id, c.status, sum(c.sign), sum(c.sign * c.amount), sum(c.sign * c.fee)
        from (${changes}) c cross join (values ('day'), ('month')) g (grain)
       group by 1, 2, 3, 4, 5, 6, 7
      having sum(c.sign) <> 0 or sum(c.sign * c.amount) <> 0 or sum(c.sign * c.fee) <> 0
       order by 1, 2, 3, 4, 5, 6, 7
    on conflict (${ORDER_VOLUME_KEY}) do update
      set orders = v.orders + excluded.orders, amount = v.amount + excluded.amount, fee = v.fee + excluded.fee`,
    `insert into paid_volume as p (${PAID_VOLUME_KEY}, orders, amount)
      select (c.paid_at at time zone 'UTC')::date, c.org_id, c.chain_id, c.currency_id, sum(c.sign), sum(c.sign * c.amount)
        from (${changes}) c
       where c.status = 'paid'
       group by 1, 2, 3, 4
      having sum(c.sign) <> 0 or sum(c.sign * c.amount) <> 0
       order by 1, 2, 3, 4
    on conflict (${PAID_VOLUME_KEY}) do update
      set orders = p.orders + excluded.orders, amount = p.amount + excluded.amount`,
  ];
}

export const COLUMNS = 'kind, created_at, paid_at, org_id, chain_id, currency_id, status, amount, fee';
const added = `select ${COLUMNS}, 1 as sign from new_rows`;
const removed = `select ${COLUMNS}, -1 as sign from old_rows`;

/**
 * Transition tables allow one event per trigger: three small functions share the statements,
 * each with its event's changed rows (exported for migration 048, which replaces the functions).
 */
export const TRIGGER_EVENTS: Array<[event: string, changes: string, referencing: string]> = [
  ['insert', added, 'new table as new_rows'],
  ['update', `${added} union all ${removed}`, 'old table as old_rows new table as new_rows'],
  ['delete', removed, 'old table as old_rows'],
];

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create index payment_order_kind_time_idx on payment_order (kind, created_at, id)`.execute(db);
  await sql`drop index payment_order_kind_created_idx`.execute(db);
  await sql`create index payment_order_kind_chain_time_idx on payment_order (kind, chain_id, created_at, id)`.execute(db);
  await sql`create index payment_order_kind_org_time_idx on payment_order (kind, org_id, created_at, id)`.execute(db);
  await sql`create index payment_order_kind_amount_idx on payment_order (kind, amount, id)`.execute(db);
  await sql`create index payment_order_kind_paid_idx on payment_order (kind, paid_at, id)`.execute(db);
  await sql`create index gas_fee_time_idx on gas_fee (created_at, id)`.execute(db);
  await sql`drop index gas_fee_created_idx`.execute(db);
  await sql`create index gas_fee_chain_time_idx on gas_fee (chain_id, created_at, id)`.execute(db);
  await sql`create index gas_fee_org_time_idx on gas_fee (org_id, created_at, id)`.execute(db);
  await sql`create index ledger_entry_time_idx on ledger_entry (created_at, id)`.execute(db);

  await sql`
    create table order_volume (
      kind text not null,
      grain text not null check (grain in ('day', 'month')),
      bucket date not null,
      org_id integer not null,
      chain_id bigint not null,
      currency_id integer not null,
      status text not null,
      orders bigint not null,
      amount numeric not null,
      fee numeric not null,
      primary key (kind, grain, bucket, org_id, chain_id, currency_id, status)
    )`.execute(db);
  await sql`
    create table paid_volume (
      day date not null,
      org_id integer not null,
      chain_id bigint not null,
      currency_id integer not null,
      orders bigint not null,
      amount numeric not null,
      primary key (day, org_id, chain_id, currency_id)
    )`.execute(db);

  for (const [event, changes, referencing] of TRIGGER_EVENTS) {
    await sql
      .raw(
        `create function order_volume_${event}() returns trigger language plpgsql as $$ begin ${applyChanges(changes).join(';\n')}; return null; end $$`,
      )
      .execute(db);
    await sql
      .raw(
        `create trigger order_volume_${event} after ${event} on payment_order referencing ${referencing} for each statement execute function order_volume_${event}()`,
      )
      .execute(db);
  }
  // What is already there, counted once.
  for (const statement of applyChanges(`select ${COLUMNS}, 1 as sign from payment_order`)) await sql.raw(statement).execute(db);
}
