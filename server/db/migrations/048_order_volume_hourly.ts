import { sql, type Kysely } from 'kysely';
import { applyChanges, COLUMNS, TRIGGER_EVENTS } from './017_order_volume';

/**
 * Reports at volume, the hour grain (docs/SCALING.md, docs/DECISIONS.md "Reports at volume"):
 * `order_volume_hour` counts and sums the orders per UTC hour, per kind, org, chain, currency and
 * status, so a range picked in another time zone (the console's last 7 days in UTC+8 start and end
 * at 16:00 UTC) reads its edge days' whole hours here and only the minutes of a range not at a
 * whole hour from the orders.
 *
 * A table of its own rather than a third grain of `order_volume`: its bucket is a time, not a
 * date, and its rows carry no grain — at 1M orders over a year most hours hold one order of a
 * key, so the table has about as many rows as the orders have, and a narrow row is what keeps it
 * small. Written by the same statement triggers as the day and month rows, in the same statement
 * as the orders: the three trigger functions of migration 017 are replaced by ones running 017's
 * statements and this one.
 */
const ORDER_VOLUME_HOUR_KEY = 'kind, hour, org_id, chain_id, currency_id, status';

/** The statement that adds the signed rows of `changes` (migration 017's shape) to the hour rows. */
function applyHourChanges(changes: string): string {
  // date_trunc with 'UTC': the session's time zone must not move an hour's bucket (UTC+5:30).
  return `insert into order_volume_hour as v (${ORDER_VOLUME_HOUR_KEY}, orders, amount, fee)
      select c.kind, date_trunc('hour', c.created_at, 'UTC'), c.org_id, c.chain_id, c.currency_id, c.status,
             sum(c.sign), sum(c.sign * c.amount), sum(c.sign * c.fee)
        from (${changes}) c
       group by 1, 2, 3, 4, 5, 6
      having sum(c.sign) <> 0 or sum(c.sign * c.amount) <> 0 or sum(c.sign * c.fee) <> 0
       order by 1, 2, 3, 4, 5, 6
    on conflict (${ORDER_VOLUME_HOUR_KEY}) do update
      set orders = v.orders + excluded.orders, amount = v.amount + excluded.amount, fee = v.fee + excluded.fee`;
}

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table order_volume_hour (
      kind text not null,
      hour timestamptz not null,
      org_id integer not null,
      chain_id bigint not null,
      currency_id integer not null,
      status text not null,
      orders bigint not null,
      amount numeric not null,
      fee numeric not null,
      primary key (kind, hour, org_id, chain_id, currency_id, status)
    )`.execute(db);
  for (const [event, changes] of TRIGGER_EVENTS)
    await sql
      .raw(
        `create or replace function order_volume_${event}() returns trigger language plpgsql as $$ begin ${[
          ...applyChanges(changes),
          applyHourChanges(changes),
        ].join(';\n')}; return null; end $$`,
      )
      .execute(db);
  // What is already there, counted once (the day and month rows have it since 017).
  await sql.raw(applyHourChanges(`select ${COLUMNS}, 1 as sign from payment_order`)).execute(db);
  await sql`analyze order_volume_hour`.execute(db);
}
