import { sql } from 'kysely';
import { ApiError } from '../../http/apiError';
import { BodyCode } from '../../../src/contract/envelope';
import type { Db } from '../../db/database';
import { countOf, pageOf, pageQuery, prefixPattern, type PageRequest } from '../../http/pagination';
import { QueryShapes, slot, upperCased } from '../../db/queryShapes';
import { volumeBuckets, volumeCount, volumeTotals } from './orderVolume';
import { orgVisibleTo } from '../../http/tenancy';
import { amountAndFee } from '../../db/decimalText';
import type { Caller } from '../../http/caller';
import type { ListResult } from '../../../src/contract/envelope';
import type { OrderReportKind } from '../../../src/contract/report';
import type { OrderReportQuery, OrderReportRecordInput, OrderTotalsAnswer, OrderTotalsQuery } from '../../../src/contract/schemas/report';

/** An order the caller may not see, or none at all: the same answer, so another tenant's numbers are not confirmed. */
export const orderNotFound = () => new ApiError(BodyCode.notFound, 'api.orderNotFound');

/** An order's repair log, oldest first. */
export async function repairsOf(db: Db, orderId: number) {
  return db
    .selectFrom('orderRepair')
    .innerJoin('appUser', 'appUser.id', 'orderRepair.actorId')
    .select([
      'orderRepair.id',
      'orderRepair.action',
      'appUser.account as actor',
      'orderRepair.reason',
      'orderRepair.txHash',
      'orderRepair.previousStatus',
      'orderRepair.newStatus',
      'orderRepair.createdAt',
    ])
    .where('orderRepair.orderId', '=', orderId)
    .orderBy('orderRepair.id')
    .execute();
}

/** Payment orders in the caller's scope, with what a report row shows about them. */
export const scopedOrders = (db: Db, caller: Caller) =>
  withRowJoins(db.selectFrom('paymentOrder').where(orgVisibleTo(caller, 'payment_order.org_id')));

export const orderColumns = [
  'paymentOrder.id',
  'paymentOrder.orderNo',
  'paymentOrder.orgId',
  'org.name as orgName',
  'paymentOrder.kind',
  'payLink.title as payLinkTitle',
  'paymentOrder.chainId',
  'currency.symbol',
  ...amountAndFee('payment_order'),
  'paymentOrder.status',
  'paymentOrder.payerAddress',
  'paymentOrder.depositAddress',
  'paymentOrder.txHash',
  'paymentOrder.createdAt',
  'paymentOrder.paidAt',
] as const;

/**
 * The orders a search names in the caller's scope — an order number by its start, a hash
 * whole, each through its own index (migration 014) — as ids, before any other filter or
 * sort; `undefined` when more than `cap` match (REPORT_SEARCH_CAP): a broader search (a
 * prefix such as "PAY") is filtered in place, paged without a count and not totalled.
 * Resolved first because planners guess how many orders a prefix matches (at 10M orders, six
 * times too many for one day), then scan the whole time index to join them; a list of ids
 * that `unnest` hands back is always looked up by key. Scoped even though the list scopes
 * again, so that whether a search is broad says nothing about other orgs' orders.
 */
async function searchHits(db: Db, caller: Caller, q: string, cap: number): Promise<number[] | undefined> {
  const text = q.toLowerCase();
  const scoped = () => db.selectFrom('paymentOrder').select('id').where(orgVisibleTo(caller, 'payment_order.org_id'));
  const byNumber = scoped()
    .where(sql`lower(order_no)`, 'like', prefixPattern(text))
    .limit(cap + 1);
  const byHash = scoped()
    .where(sql`lower(tx_hash)`, '=', text)
    .limit(cap + 1);
  // Each side capped on its own (SQL wants a capped side of a union as a subquery).
  const rows = await db
    .selectFrom(byNumber.as('byNumber'))
    .select('byNumber.id')
    .union(db.selectFrom(byHash.as('byHash')).select('byHash.id'))
    .execute();
  return rows.length > cap ? undefined : rows.map((row) => Number(row.id));
}

/**
 * Orders of one report kind in the caller's scope with the shared filters applied, on the
 * order table alone (a search's page sorts and counts these before anything is joined).
 * `hits`: the orders a narrow search names (`searchHits`).
 */
function ordersWhere(
  db: Db,
  caller: Caller,
  kind: OrderReportKind,
  query: OrderTotalsQuery & { ids?: number[] },
  hits: number[] | undefined,
) {
  let filtered = db.selectFrom('paymentOrder').where(orgVisibleTo(caller, 'payment_order.org_id')).where('paymentOrder.kind', '=', kind);
  if (query.dateFrom) filtered = filtered.where('paymentOrder.createdAt', '>=', new Date(query.dateFrom));
  if (query.dateTo) filtered = filtered.where('paymentOrder.createdAt', '<', new Date(query.dateTo));
  if (query.orgId !== undefined) filtered = filtered.where('paymentOrder.orgId', '=', query.orgId);
  if (query.chainId !== undefined) filtered = filtered.where('paymentOrder.chainId', '=', query.chainId);
  if (query.symbol) {
    const symbol = upperCased(query.symbol);
    filtered = filtered.where('paymentOrder.currencyId', 'in', (eb) =>
      eb.selectFrom('currency').select('currency.id').where('currency.symbol', '=', symbol),
    );
  }
  if (query.status) filtered = filtered.where('paymentOrder.status', '=', query.status);
  if (query.ids) filtered = filtered.where('paymentOrder.id', 'in', query.ids);
  if (query.q) {
    const q = query.q.toLowerCase();
    filtered = hits
      ? // A semi-join on the ids, not an OR nor `= any(…)`: planners then look the few orders up by key.
        filtered.where(sql<boolean>`payment_order.id in (select unnest(${hits}::int[]))`)
      : filtered.where((eb) =>
          eb.or([eb(sql`lower(payment_order.order_no)`, 'like', prefixPattern(q)), eb(sql`lower(payment_order.tx_hash)`, '=', q)]),
        );
  }
  return filtered;
}

/** Orders with what a report row shows about them: org, currency, pay link. */
function withRowJoins(filtered: ReturnType<typeof ordersWhere>) {
  return filtered
    .innerJoin('org', 'org.id', 'paymentOrder.orgId')
    .innerJoin('currency', 'currency.id', 'paymentOrder.currencyId')
    .leftJoin('payLink', 'payLink.id', 'paymentOrder.payLinkId');
}

const filteredOrders = (
  db: Db,
  caller: Caller,
  kind: OrderReportKind,
  query: OrderTotalsQuery & { ids?: number[] },
  hits: number[] | undefined,
) => withRowJoins(ordersWhere(db, caller, kind, query, hits));

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

/** An order report's filtered orders and page shape (the list and its export share them). */
export async function orderListSource(
  db: Db,
  caller: Caller,
  kind: OrderReportKind,
  query: OrderTotalsQuery & { ids?: number[] },
  searchCap: number,
) {
  const hits = query.q ? await searchHits(db, caller, query.q, searchCap) : undefined;
  return { filtered: filteredOrders(db, caller, kind, query, hits), options: ORDER_PAGE, narrow: hits !== undefined };
}

/** The report page's query shapes, compiled once each (docs/SCALING.md "The request path"). */
const pageShapes = new QueryShapes();

/**
 * `pageOf(filtered, request, ORDER_PAGE)` for a list without a search, built once per shape: the
 * filters set (not their values), the sort, the report kind and the caller's kind of tenant.
 */
async function shapedPage(db: Db, caller: Caller, kind: OrderReportKind, query: OrderReportQuery, request: PageRequest) {
  const key = JSON.stringify([
    caller.org.tenantType,
    kind,
    request.sort ?? null,
    request.order,
    query.orgId !== undefined,
    query.chainId !== undefined,
    Boolean(query.symbol),
    Boolean(query.status),
  ]);
  const { page } = pageShapes.bound(
    db,
    key,
    () => {
      const template: Caller = { ...caller, org: { ...caller.org, orgId: slot('orgId') } };
      const filters: OrderTotalsQuery = {
        orgId: query.orgId !== undefined ? slot('filterOrgId') : undefined,
        chainId: query.chainId !== undefined ? slot('chainId') : undefined,
        symbol: query.symbol ? slot('symbol') : undefined,
        status: query.status ? slot('status') : undefined,
      };
      const shaped = { ...request, pageSize: slot<number>('limit'), offset: slot<number>('offset') };
      return { page: pageQuery(filteredOrders(db, template, kind, filters, undefined), shaped, ORDER_PAGE) };
    },
    {
      orgId: caller.org.orgId,
      filterOrgId: query.orgId,
      chainId: query.chainId,
      symbol: query.symbol?.toUpperCase(),
      status: query.status,
      limit: query.pageSize,
      offset: (query.page - 1) * query.pageSize,
    },
  );
  return (await db.executeQuery(page)).rows;
}

/**
 * A page of an order report and the filtered total. Without a search the total comes from
 * the volume counts (exact, a few hundred rows read); a deep page in time order is placed by
 * the same counts on its day, then offset within it (docs/DECISIONS.md "Reports at volume").
 * A search (`q`, `ids`) selects few orders: counted on the orders themselves.
 */
export async function listOrders(
  db: Db,
  caller: Caller,
  kind: OrderReportKind,
  query: OrderReportQuery,
  searchCap: number,
): Promise<ListResult<OrderReportRecordInput>> {
  const request = { ...query, order: query.sort ? query.order : ('desc' as const) };
  const searching = Boolean(query.q) || query.ids !== undefined;
  if (searching) return searchPage(db, caller, kind, query, request, searchCap);
  const { filtered } = await orderListSource(db, caller, kind, query, searchCap);

  const offset = (query.page - 1) * query.pageSize;
  const inTimeOrder = (query.sort ?? 'createdAt') === 'createdAt';
  if (!inTimeOrder || offset < SEEK_FROM) {
    const page = query.dateFrom || query.dateTo ? pageOf(filtered, request, ORDER_PAGE) : shapedPage(db, caller, kind, query, request);
    const [count, list] = await Promise.all([volumeCount(db, caller, kind, query), page]);
    return { list, count };
  }
  const buckets = await volumeBuckets(db, caller, kind, query);
  const count = buckets.reduce((sum, bucket) => sum + bucket.orders, 0);
  const newestFirst = request.order === 'desc';
  let skipped = 0;
  for (const bucket of newestFirst ? [...buckets].reverse() : buckets) {
    if (skipped + bucket.orders > offset) {
      const inner = ordersWhere(db, caller, kind, query, undefined);
      const narrowed = newestFirst
        ? inner.where('paymentOrder.createdAt', '<', bucket.to)
        : inner.where('paymentOrder.createdAt', '>=', bucket.from);
      const list = (await joinedPage(db, narrowed, request, { offset: offset - skipped, limit: query.pageSize, counted: false })).map(
        (found) => found.row,
      );
      return { list, count };
    }
    skipped += bucket.orders;
  }
  return { list: [], count };
}

/**
 * A page of orders sorted (and counted, `count(*) over ()`) on the order table alone, then
 * joined to what a row shows: the rows an OFFSET skips and the rows a count reads are never
 * joined to their org, currency and pay link.
 */
async function joinedPage(
  db: Db,
  inner: ReturnType<typeof ordersWhere>,
  request: Pick<OrderReportQuery, 'sort' | 'order'>,
  slice: { offset: number; limit: number; counted: boolean },
): Promise<Array<{ row: OrderReportRecordInput; fullCount: number }>> {
  const column =
    ORDER_PAGE.sortColumns[(request.sort ?? ORDER_PAGE.defaultSort) as keyof typeof ORDER_PAGE.sortColumns] ??
    ORDER_PAGE.sortColumns.createdAt;
  const direction = request.order === 'desc' ? sql`desc` : sql`asc`;
  const inOrder = <T extends { orderBy: (expression: never) => T }>(qb: T) =>
    qb.orderBy(sql`${sql.ref(column)} ${direction}` as never).orderBy(sql`payment_order.id ${direction}` as never);
  const page = inOrder(inner.select(['paymentOrder.id', (slice.counted ? sql<number>`count(*) over ()` : sql<number>`0`).as('fullCount')]))
    .limit(slice.limit)
    .offset(slice.offset);
  const rows = await inOrder(
    withRowJoins(
      db.selectFrom(page.as('hit')).innerJoin('paymentOrder', 'paymentOrder.id', 'hit.id') as never as ReturnType<typeof ordersWhere>,
    ).select([...orderColumns, sql.ref<number>('hit.fullCount').as('fullCount')]),
  ).execute();
  return rows.map(({ fullCount, ...row }) => ({ row, fullCount: Number(fullCount) }));
}

/**
 * A search's page: its orders are few and all read by the sort anyway, so they are sorted and
 * counted in one pass (`joinedPage`). A broad search's page is neither resolved nor counted:
 * one row more than the page says whether another follows.
 */
async function searchPage(
  db: Db,
  caller: Caller,
  kind: OrderReportKind,
  query: OrderReportQuery,
  request: OrderReportQuery,
  searchCap: number,
): Promise<ListResult<OrderReportRecordInput>> {
  const hits = query.q ? await searchHits(db, caller, query.q, searchCap) : undefined;
  const offset = (query.page - 1) * query.pageSize;
  const inner = ordersWhere(db, caller, kind, query, hits);
  if (query.q && !hits) {
    const found = await joinedPage(db, inner, request, { offset, limit: query.pageSize + 1, counted: false });
    const hasNextPage = found.length > query.pageSize;
    const list = found.slice(0, query.pageSize).map((f) => f.row);
    return { list, count: offset + list.length + (hasNextPage ? 1 : 0), hasNextPage };
  }
  const found = await joinedPage(db, inner, request, { offset, limit: query.pageSize, counted: true });
  // Past the last page the window has no row to count on.
  const count = found.length > 0 ? found[0].fullCount : query.page > 1 ? await countOf(inner) : 0;
  return { list: found.map((f) => f.row), count };
}

/**
 * Per currency over the whole filtered set (not a page), summed exactly, without trailing zeros:
 * the paid orders (count, amount, the fee charged on them) apart from the ones not paid. From
 * the volume counts, or for a search from the orders it finds.
 */
export async function orderTotals(
  db: Db,
  caller: Caller,
  kind: OrderReportKind,
  query: OrderTotalsQuery,
  searchCap: number,
): Promise<OrderTotalsAnswer> {
  if (!query.q) {
    const list = await volumeTotals(db, caller, kind, query);
    return { list, count: list.length };
  }
  const { filtered, narrow } = await orderListSource(db, caller, kind, query, searchCap);
  // A broad search would sum most of millions of orders on every keystroke: the console asks to narrow it.
  if (!narrow) return { list: [], count: 0, broad: true, searchCap };
  const paid = sql`payment_order.status = 'paid'`;
  const sumWhere = (column: string, condition: typeof paid) =>
    sql<string>`coalesce(trim_scale(sum(${sql.ref(column)}) filter (where ${condition})), 0)::text`;
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
  return { list: rows, count: rows.length };
}
