import { z } from 'zod';
import { GAS_REASONS, ORDER_STATUSES } from '../report';
import { listQuery, recordId, instant } from './listQuery';
import { isoInstant, listResult } from './response';

/**
 * Filters every finance report shares: a time range as two instants — the console
 * turns the dates picked in a time zone into them; `dateTo` is exclusive, so a day is
 * [its midnight, the next midnight) — org, chain, currency, and `q`: the start of an order
 * number, or a whole transaction hash (both case aside; the gas report has hashes only).
 */
const reportFilters = {
  dateFrom: instant.optional(),
  dateTo: instant.optional(),
  orgId: recordId.optional(),
  chainId: z.coerce.number({ error: 'validation.invalidId' }).int().positive().optional(),
  symbol: z.string().trim().max(16).optional(),
  q: z.string().trim().max(100).optional(),
};

export const orderReportQuery = listQuery(['id', 'orderNo', 'createdAt', 'paidAt', 'amount', 'fee'] as const, {
  ...reportFilters,
  status: z.enum(ORDER_STATUSES).optional(),
});
export type OrderReportQuery = z.infer<typeof orderReportQuery>;
/** The totals take the list's filters (paging and sorting aside). */
export const orderTotalsQuery = orderReportQuery.omit({ page: true, pageSize: true, sort: true, order: true, ids: true });
export type OrderTotalsQuery = z.infer<typeof orderTotalsQuery>;

export const gasReportQuery = listQuery(['id', 'createdAt', 'fee'] as const, {
  ...reportFilters,
  reason: z.enum(GAS_REASONS).optional(),
});
export type GasReportQuery = z.infer<typeof gasReportQuery>;
export const gasTotalsQuery = gasReportQuery.omit({ page: true, pageSize: true, sort: true, order: true, ids: true });
export type GasTotalsQuery = z.infer<typeof gasTotalsQuery>;

export const orderReportRecord = z.object({
  id: z.number(),
  orderNo: z.string(),
  orgId: z.number(),
  orgName: z.string(),
  kind: z.string(),
  payLinkTitle: z.string().nullable(),
  chainId: z.number(),
  symbol: z.string(),
  amount: z.string(),
  fee: z.string(),
  status: z.string(),
  payerAddress: z.string().nullable(),
  depositAddress: z.string(),
  txHash: z.string().nullable(),
  createdAt: isoInstant,
  paidAt: isoInstant.nullable(),
});
export type OrderReportRecord = z.output<typeof orderReportRecord>;
/** A row as the server reads it (its instants as Dates). */
export type OrderReportRecordInput = z.input<typeof orderReportRecord>;

export const gasReportRecord = z.object({
  id: z.number(),
  orgId: z.number(),
  orgName: z.string(),
  chainId: z.number(),
  walletLabel: z.string(),
  symbol: z.string(),
  reason: z.string(),
  fee: z.string(),
  txHash: z.string(),
  createdAt: isoInstant,
});
export type GasReportRecord = z.output<typeof gasReportRecord>;
export type GasReportRecordInput = z.input<typeof gasReportRecord>;

/**
 * One currency's line of an order report's totals: decimal strings, summed exactly in SQL.
 * Paid orders (what the merchant received, and the fee charged on them) are kept apart from
 * the orders not paid (pending, expired, failed): adding both into one amount would report
 * money that never arrived.
 */
export const orderReportTotal = z.object({
  chainId: z.number(),
  symbol: z.string(),
  paidCount: z.number(),
  paidAmount: z.string(),
  fee: z.string(),
  unpaidCount: z.number(),
  unpaidAmount: z.string(),
});
export type OrderReportTotal = z.output<typeof orderReportTotal>;

/** An order report's totals; `broad`: the search matches more than `searchCap` orders (REPORT_SEARCH_CAP), so nothing was summed. */
export const orderTotalsAnswer = z.object({
  list: z.array(orderReportTotal),
  count: z.number(),
  broad: z.boolean().optional(),
  searchCap: z.number().optional(),
});
export type OrderTotalsAnswer = z.output<typeof orderTotalsAnswer>;

/** One native coin's line of the gas report's totals: the transactions and the gas they cost. */
export const gasReportTotal = z.object({ chainId: z.number(), symbol: z.string(), count: z.number(), gas: z.string() });
export type GasReportTotal = z.output<typeof gasReportTotal>;
export const gasTotalsAnswer = listResult(gasReportTotal);

/** What the chain watcher saw arrive at an order's deposit address in its coin, from the order's creation on. */
export const orderTransfer = z.object({
  txHash: z.string(),
  fromAddress: z.string(),
  amount: z.string(),
  blockTime: isoInstant,
});

/** A ledger entry an order caused (its credit), as the order drawer lists it. */
export const orderLedgerEntry = z.object({
  id: z.number(),
  walletLabel: z.string(),
  symbol: z.string(),
  delta: z.string(),
  balanceAfter: z.string(),
  reason: z.string(),
  txHash: z.string().nullable(),
  createdAt: isoInstant,
});

/** One audited repair of an order (server/modules/orderRepair); the log cannot be changed. */
export const orderRepairRecord = z.object({
  id: z.number(),
  action: z.string(),
  actor: z.string(),
  /** Why, for a re-credit; a re-check gives none (the chain is the evidence). */
  reason: z.string().nullable(),
  txHash: z.string().nullable(),
  previousStatus: z.string(),
  newStatus: z.string(),
  createdAt: isoInstant,
});
export type OrderRepairRecord = z.output<typeof orderRepairRecord>;

/** GET /sys/report/order/detail?id=: one order with everything that happened to it. */
export const orderDetailView = z.object({
  order: orderReportRecord,
  transfers: z.array(orderTransfer),
  repairs: z.array(orderRepairRecord),
  ledger: z.array(orderLedgerEntry),
});
export type OrderDetailView = z.output<typeof orderDetailView>;
export type OrderDetailViewInput = z.input<typeof orderDetailView>;
