import { sql } from 'kysely';
import type { Db } from '../../db/database';
import { paginate, prefixPattern } from '../../http/pagination';
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

/** Orders of one report kind in the caller's scope, with the shared filters applied. */
function filteredOrders(db: Db, caller: Caller, kind: OrderReportKind, query: OrderTotalsQuery) {
  let filtered = scopedOrders(db, caller).where('paymentOrder.kind', '=', kind);
  if (query.dateFrom) filtered = filtered.where('paymentOrder.createdAt', '>=', new Date(query.dateFrom));
  if (query.dateTo) filtered = filtered.where('paymentOrder.createdAt', '<', new Date(query.dateTo));
  if (query.orgId !== undefined) filtered = filtered.where('paymentOrder.orgId', '=', query.orgId);
  if (query.chainId !== undefined) filtered = filtered.where('paymentOrder.chainId', '=', query.chainId);
  if (query.symbol) filtered = filtered.where('currency.symbol', '=', query.symbol.toUpperCase());
  if (query.status) filtered = filtered.where('paymentOrder.status', '=', query.status);
  if (query.q) {
    // An order number by its start (people type "PAY20261114"), a hash whole: both indexed (migration 014).
    const q = query.q.toLowerCase();
    filtered = filtered.where((eb) => eb.or([eb(sql`lower(payment_order.order_no)`, 'like', prefixPattern(q)), eb(sql`lower(payment_order.tx_hash)`, '=', q)]));
  }
  return filtered;
}

export async function listOrders(db: Db, caller: Caller, kind: OrderReportKind, query: OrderReportQuery): Promise<ListResult<OrderReportRecord>> {
  let filtered = filteredOrders(db, caller, kind, query);
  if (query.ids) filtered = filtered.where('paymentOrder.id', 'in', query.ids);
  const page = await paginate(filtered, { ...query, order: query.sort ? query.order : 'desc' }, {
    select: (qb) => qb.select(orderColumns),
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
  });
  return page as unknown as ListResult<OrderReportRecord>;
}

/**
 * Per currency over the whole filtered set (not a page), summed exactly, without trailing zeros:
 * the paid orders (count, amount, the fee charged on them) apart from the ones not paid.
 */
export async function orderTotals(db: Db, caller: Caller, kind: OrderReportKind, query: OrderTotalsQuery): Promise<{ list: OrderReportTotal[]; count: number }> {
  const paid = sql`payment_order.status = 'paid'`;
  const sumWhere = (column: string, condition: typeof paid) => sql<string>`coalesce(trim_scale(sum(${sql.ref(column)}) filter (where ${condition})), 0)::text`;
  const rows = await filteredOrders(db, caller, kind, query)
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
