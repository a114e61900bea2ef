import { sql } from 'kysely';
import type { Db } from '../../db/database';
import { countOf, pageOf, prefixPattern } from '../../http/pagination';
import { volumeBuckets, volumeCount, volumeTotals } from './orderVolume';
import { orgVisibleTo } from '../../http/tenancy';
import type { Caller } from '../../http/caller';
import type { ListResult } from '../../../src/contract/envelope';
import type { OrderReportKind } from '../../../src/contract/report';
import type { OrderReportQuery, OrderReportRecord, OrderReportTotal, OrderTotalsQuery } from '../../../src/contract/schemas/report';

/** Payment orders in the caller's scope, with what a report row shows about them. */
export const scopedOrders = (db: Db, caller: Caller) =>
  db
    .selectFrom('paymentOrder')
    .innerJoin('org', 'org.id', 'paymentOrder.orgId')
    .innerJoin('currency', 'currency.id', 'paymentOrder.currencyId')
    .leftJoin('payLink', 'payLink.id', 'paymentOrder.payLinkId')
    .where(orgVisibleTo(caller, 'payment_order.org_id'));

export const orderColumns = [
  'paymentOrder.id',
  'paymentOrder.orderNo',
  'paymentOrder.orgId',
  'org.name as orgName',
  'paymentOrder.kind',
  'payLink.title as payLinkTitle',
  'paymentOrder.chainId',
  'currency.symbol',
  sql<string>`payment_order.amount::text`.as('amount'),
  sql<string>`payment_order.fee::text`.as('fee'),
  'paymentOrder.status',
  'paymentOrder.payerAddress',
  'paymentOrder.depositAddress',
  'paymentOrder.txHash',
  'paymentOrder.createdAt',
  'paymentOrder.paidAt',
] as const;

/** The most orders a search resolves to ids first; a broader one (a prefix such as "PAY") is filtered in place. */
const SEARCH_IDS = 50_000;

/**
 * The orders a search names: an order number by its start, a hash whole, both through their
 * indexes (migration 014), before any other filter or sort. Planners otherwise guess how many
 * orders match and may walk the time index past a month of orders looking for them.
 * `undefined` when the search matches too many for a list of ids.
 */
async function searchHits(db: Db, q: string): Promise<number[] | undefined> {
  const text = q.toLowerCase();
  const { rows } = await sql<{ id: number }>`
    (select id from payment_order where lower(order_no) like ${prefixPattern(text)} limit ${SEARCH_IDS + 1})
    union
    (select id from payment_order where lower(tx_hash) = ${text} limit ${SEARCH_IDS + 1})`.execute(db);
  return rows.length > SEARCH_IDS ? undefined : rows.map((row) => Number(row.id));
}

/** Orders of one report kind in the caller's scope, with the shared filters applied; `hits` = the search's ids, when resolved. */
function filteredOrders(db: Db, caller: Caller, kind: OrderReportKind, query: OrderTotalsQuery, hits?: number[]) {
  let filtered = scopedOrders(db, caller).where('paymentOrder.kind', '=', kind);
  if (query.dateFrom) filtered = filtered.where('paymentOrder.createdAt', '>=', new Date(query.dateFrom));
  if (query.dateTo) filtered = filtered.where('paymentOrder.createdAt', '<', new Date(query.dateTo));
  if (query.orgId !== undefined) filtered = filtered.where('paymentOrder.orgId', '=', query.orgId);
  if (query.chainId !== undefined) filtered = filtered.where('paymentOrder.chainId', '=', query.chainId);
  if (query.symbol) filtered = filtered.where('currency.symbol', '=', query.symbol.toUpperCase());
  if (query.status) filtered = filtered.where('paymentOrder.status', '=', query.status);
  if (query.q && hits) {
    // A semi-join on the ids, not `= any(…)`: planners then look the few orders up by key
    // instead of walking the time index and filtering every order against the list.
    filtered = filtered.where(sql<boolean>`payment_order.id in (select unnest(${hits}::int[]))`);
  } else if (query.q) {
    // An order number by its start (people type "PAY20261114"), a hash whole: both indexed (migration 014).
    const q = query.q.toLowerCase();
    filtered = filtered.where((eb) => eb.or([eb(sql`lower(payment_order.order_no)`, 'like', prefixPattern(q)), eb(sql`lower(payment_order.tx_hash)`, '=', q)]));
  }
  return filtered;
}

const ORDER_PAGE = {
  select: (qb: ReturnType<typeof filteredOrders>) => qb.select(orderColumns),
  sortColumns: {
    id: 'payment_order.id',
    orderNo: 'payment_order.order_no',
    createdAt: 'payment_order.created_at',
    paidAt: 'payment_order.paid_at',
    amount: 'payment_order.amount',
    fee: 'payment_order.fee',
  },
  defaultSort: 'createdAt',
  tieBreaker: 'payment_order.id',
  keyset: ['id', 'orderNo', 'createdAt', 'amount', 'fee'],
};

/** From this offset on, a page in time order starts at the day the counts place it in, not at an OFFSET over every newer order. */
const SEEK_FROM = 2_000;

/**
 * A page of an order report and the filtered total. Without a search the total comes from
 * the volume counts (exact, a few hundred rows read); a deep page in time order is placed by
 * the same counts on its day, then offset within it (docs/DECISIONS.md "Reports at volume").
 * A search (`q`, `ids`) selects few orders: counted on the orders themselves.
 */
/** An order report's filtered orders and page shape (the list and its export share them). */
export async function orderListSource(db: Db, caller: Caller, kind: OrderReportKind, query: OrderTotalsQuery & { ids?: number[] }) {
  let filtered = filteredOrders(db, caller, kind, query, query.q ? await searchHits(db, query.q) : undefined);
  if (query.ids) filtered = filtered.where('paymentOrder.id', 'in', query.ids);
  return { filtered, options: ORDER_PAGE };
}

export async function listOrders(db: Db, caller: Caller, kind: OrderReportKind, query: OrderReportQuery): Promise<ListResult<OrderReportRecord>> {
  const { filtered } = await orderListSource(db, caller, kind, query);
  const request = { ...query, order: query.sort ? query.order : ('desc' as const) };
  const searching = Boolean(query.q) || query.ids !== undefined;
  if (searching) {
    // A search selects few orders, all of which the page's sort reads anyway: counted in the same pass.
    const counted = { ...ORDER_PAGE, select: (qb: typeof filtered) => ORDER_PAGE.select(qb).select(sql<number>`count(*) over ()`.as('fullCount')) };
    const rows = await pageOf(filtered, request, counted);
    const count = rows.length > 0 ? Number(rows[0].fullCount) : query.page > 1 ? await countOf(filtered) : 0;
    return { list: rows.map(({ fullCount: _count, ...row }) => row), count } as unknown as ListResult<OrderReportRecord>;
  }

  const offset = (query.page - 1) * query.pageSize;
  const inTimeOrder = (query.sort ?? 'createdAt') === 'createdAt';
  if (!inTimeOrder || offset < SEEK_FROM) {
    const [count, list] = await Promise.all([volumeCount(db, caller, kind, query), pageOf(filtered, request, ORDER_PAGE)]);
    return { list, count } as unknown as ListResult<OrderReportRecord>;
  }
  const buckets = await volumeBuckets(db, caller, kind, query);
  const count = buckets.reduce((sum, bucket) => sum + bucket.orders, 0);
  const newestFirst = request.order === 'desc';
  let skipped = 0;
  for (const bucket of newestFirst ? [...buckets].reverse() : buckets) {
    if (skipped + bucket.orders > offset) {
      const narrowed = newestFirst ? filtered.where('paymentOrder.createdAt', '<', bucket.to) : filtered.where('paymentOrder.createdAt', '>=', bucket.from);
      const list = await pageOf(narrowed, { ...request, offset: offset - skipped }, ORDER_PAGE);
      return { list, count } as unknown as ListResult<OrderReportRecord>;
    }
    skipped += bucket.orders;
  }
  return { list: [], count };
}

/**
 * Per currency over the whole filtered set (not a page), summed exactly, without trailing zeros:
 * the paid orders (count, amount, the fee charged on them) apart from the ones not paid. From
 * the volume counts, or for a search from the orders it finds.
 */
export async function orderTotals(db: Db, caller: Caller, kind: OrderReportKind, query: OrderTotalsQuery): Promise<{ list: OrderReportTotal[]; count: number }> {
  if (!query.q) {
    const list = (await volumeTotals(db, caller, kind, query)) as OrderReportTotal[];
    return { list, count: list.length };
  }
  const paid = sql`payment_order.status = 'paid'`;
  const sumWhere = (column: string, condition: typeof paid) => sql<string>`coalesce(trim_scale(sum(${sql.ref(column)}) filter (where ${condition})), 0)::text`;
  const { filtered } = await orderListSource(db, caller, kind, query);
  const rows = await filtered
    .select([
      'paymentOrder.chainId',
      'currency.symbol',
      sql<number>`(count(*) filter (where ${paid}))::int`.as('paidCount'),
      sumWhere('payment_order.amount', paid).as('paidAmount'),
      sumWhere('payment_order.fee', paid).as('fee'),
      sql<number>`(count(*) filter (where not ${paid}))::int`.as('unpaidCount'),
      sumWhere('payment_order.amount', sql`not ${paid}`).as('unpaidAmount'),
    ])
    .groupBy(['paymentOrder.chainId', 'currency.symbol'])
    .orderBy('currency.symbol')
    .orderBy('paymentOrder.chainId')
    .execute();
  return { list: rows as unknown as OrderReportTotal[], count: rows.length };
}
