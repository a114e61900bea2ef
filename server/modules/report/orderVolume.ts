import { sql, type RawBuilder } from 'kysely';
import type { Db } from '../../db/database';
import type { Caller } from '../../http/caller';
import { orgVisibleTo } from '../../http/tenancy';
import type { OrderReportKind } from '../../../src/contract/report';
import type { OrderTotalsQuery } from '../../../src/contract/schemas/report';

/**
 * Counts and sums of an order report read from the volume tables (migrations 017 and 048), not
 * from the orders: a range is cut into whole UTC months, whole UTC days at the months' edges,
 * whole UTC hours at the days' edges, and the minutes at the range's own edges that are not a
 * whole hour, which alone are counted from the orders (docs/DECISIONS.md "Reports at volume").
 */

const HOUR = 3_600_000;
const hourStart = (at: Date) => new Date(Math.floor(at.getTime() / HOUR) * HOUR);
const dayStart = (at: Date) => new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate()));
const monthStart = (at: Date) => new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), 1));
const dayOf = (at: Date) => at.toISOString().slice(0, 10);

/** A piece of the range; `from`/`to` undefined = unbounded. */
export interface Segment {
  source: 'orders' | 'hour' | 'day' | 'month';
  from?: Date;
  to?: Date;
}

/** The grains finest first: where each one's buckets start, and the next bucket's start. */
const GRAINS: Array<{ source: Segment['source']; start: (at: Date) => Date; next: (at: Date) => Date }> = [
  { source: 'hour', start: hourStart, next: (at) => new Date(hourStart(at).getTime() + HOUR) },
  { source: 'day', start: dayStart, next: (at) => new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate() + 1)) },
  { source: 'month', start: monthStart, next: (at) => new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth() + 1, 1)) },
];
const ceil = (grain: (typeof GRAINS)[number], at: Date) => (grain.start(at).getTime() === at.getTime() ? at : grain.next(at));

/**
 * [from, to), whose ends lie on `source`'s bucket edges, cut into that source's pieces at its ends
 * and the coarser grains' whole buckets between them.
 */
function cut(source: Segment['source'], level: number, from?: Date, to?: Date): Segment[] {
  const coarser = GRAINS[level];
  if (!coarser) return [{ source, from, to }];
  const inner = { from: from && ceil(coarser, from), to: to && coarser.start(to) };
  if (from && to && inner.from! >= inner.to!) return [{ source, from, to }];
  return [
    ...(from && inner.from!.getTime() !== from.getTime() ? [{ source, from, to: inner.from }] : []),
    ...cut(coarser.source, level + 1, inner.from, inner.to),
    ...(to && inner.to!.getTime() !== to.getTime() ? [{ source, from: inner.to, to }] : []),
  ];
}

/** [from, to) cut into the pieces each source answers, in time order; exported for its unit test. */
export function segmentsOf(from?: Date, to?: Date): Segment[] {
  if (from && to && from >= to) return [];
  return cut('orders', 0, from, to);
}

/** Filters both sources share, as SQL on a table alias with the orders' column names. */
function sharedFilters(caller: Caller, kind: OrderReportKind, query: OrderTotalsQuery, alias: string): RawBuilder<unknown>[] {
  const column = (name: string) => sql.ref(`${alias}.${name}`);
  const conditions: RawBuilder<unknown>[] = [sql`${column('kind')} = ${kind}`, sql`${orgVisibleTo(caller, `${alias}.org_id`)}`];
  if (query.orgId !== undefined) conditions.push(sql`${column('org_id')} = ${query.orgId}`);
  if (query.chainId !== undefined) conditions.push(sql`${column('chain_id')} = ${query.chainId}`);
  if (query.symbol)
    conditions.push(sql`${column('currency_id')} in (select id from currency where symbol = ${query.symbol.toUpperCase()})`);
  if (query.status) conditions.push(sql`${column('status')} = ${query.status}`);
  return conditions;
}

const and = (conditions: RawBuilder<unknown>[]) => sql.join(conditions, sql` and `);

/** One segment's rows: (bucket_from, bucket_to, chain_id, currency_id, status, orders, amount, fee). */
function segmentRows(caller: Caller, kind: OrderReportKind, query: OrderTotalsQuery, segment: Segment): RawBuilder<unknown> {
  if (segment.source === 'orders') {
    const conditions = [
      ...sharedFilters(caller, kind, query, 'o'),
      sql`o.created_at >= ${segment.from}`,
      sql`o.created_at < ${segment.to}`,
    ];
    return sql`select ${segment.from}::timestamptz as bucket_from, ${segment.to}::timestamptz as bucket_to, o.chain_id, o.currency_id, o.status,
                      count(*)::bigint as orders, sum(o.amount) as amount, sum(o.fee) as fee
                 from payment_order o where ${and(conditions)} group by o.chain_id, o.currency_id, o.status`;
  }
  if (segment.source === 'hour') {
    const conditions = [...sharedFilters(caller, kind, query, 'v')];
    if (segment.from) conditions.push(sql`v.hour >= ${segment.from}`);
    if (segment.to) conditions.push(sql`v.hour < ${segment.to}`);
    return sql`select v.hour as bucket_from, v.hour + interval '1 hour' as bucket_to, v.chain_id, v.currency_id, v.status, v.orders, v.amount, v.fee
                 from order_volume_hour v where ${and(conditions)}`;
  }
  const conditions = [...sharedFilters(caller, kind, query, 'v'), sql`v.grain = ${segment.source}`];
  if (segment.from) conditions.push(sql`v.bucket >= ${dayOf(segment.from)}::date`);
  if (segment.to) conditions.push(sql`v.bucket < ${dayOf(segment.to)}::date`);
  const step = segment.source === 'day' ? sql`interval '1 day'` : sql`interval '1 month'`;
  return sql`select (v.bucket::timestamp at time zone 'UTC') as bucket_from, ((v.bucket + ${step})::timestamp at time zone 'UTC') as bucket_to,
                    v.chain_id, v.currency_id, v.status, v.orders, v.amount, v.fee
               from order_volume v where ${and(conditions)}`;
}

/** Every counted piece of the filtered range, as one derived table. */
function volumeRows(caller: Caller, kind: OrderReportKind, query: OrderTotalsQuery, segments: Segment[]): RawBuilder<unknown> {
  if (segments.length === 0)
    return sql`select null::timestamptz as bucket_from, null::timestamptz as bucket_to, null::bigint as chain_id, null::int as currency_id, null::text as status, 0::bigint as orders, 0::numeric as amount, 0::numeric as fee where false`;
  return sql.join(
    segments.map((segment) => segmentRows(caller, kind, query, segment)),
    sql` union all `,
  );
}

const rangeOf = (query: OrderTotalsQuery) =>
  segmentsOf(query.dateFrom ? new Date(query.dateFrom) : undefined, query.dateTo ? new Date(query.dateTo) : undefined);

/** How many orders the filters select (no `q`: a search is counted on the orders). */
export async function volumeCount(db: Db, caller: Caller, kind: OrderReportKind, query: OrderTotalsQuery): Promise<number> {
  const { rows } = await sql<{
    count: number;
  }>`select coalesce(sum(orders), 0)::bigint as count from (${volumeRows(caller, kind, query, rangeOf(query))}) r`.execute(db);
  return Number(rows[0]?.count ?? 0);
}

/** Per chain and coin: paid count, amount and fee apart from the unpaid ones, without trailing zeros. */
export async function volumeTotals(db: Db, caller: Caller, kind: OrderReportKind, query: OrderTotalsQuery) {
  const paid = sql`r.status = 'paid'`;
  const { rows } = await sql<{
    chainId: number;
    symbol: string;
    paidCount: number;
    paidAmount: string;
    fee: string;
    unpaidCount: number;
    unpaidAmount: string;
  }>`
    select r.chain_id as "chainId", c.symbol,
           coalesce(sum(r.orders) filter (where ${paid}), 0)::int as "paidCount",
           coalesce(trim_scale(sum(r.amount) filter (where ${paid})), 0)::text as "paidAmount",
           coalesce(trim_scale(sum(r.fee) filter (where ${paid})), 0)::text as "fee",
           coalesce(sum(r.orders) filter (where not ${paid}), 0)::int as "unpaidCount",
           coalesce(trim_scale(sum(r.amount) filter (where not ${paid})), 0)::text as "unpaidAmount"
      from (${volumeRows(caller, kind, query, rangeOf(query))}) r
      join currency c on c.id = r.currency_id
     group by r.chain_id, c.symbol
    having sum(r.orders) > 0
     order by c.symbol, r.chain_id`.execute(db);
  return rows.map((row) => ({ ...row, chainId: Number(row.chainId) }));
}

/** The counted pieces in time order, each with its count: where a deep page starts. */
export async function volumeBuckets(
  db: Db,
  caller: Caller,
  kind: OrderReportKind,
  query: OrderTotalsQuery,
): Promise<Array<{ from: Date; to: Date; orders: number }>> {
  const { rows } = await sql<{ bucketFrom: Date; bucketTo: Date; orders: number }>`
    select bucket_from as "bucketFrom", bucket_to as "bucketTo", sum(orders)::bigint as orders
      from (${volumeRows(caller, kind, query, rangeOf(query))}) r
     group by bucket_from, bucket_to having sum(orders) > 0 order by bucket_from`.execute(db);
  return rows.map((row) => ({ from: new Date(row.bucketFrom), to: new Date(row.bucketTo), orders: Number(row.orders) }));
}
