import { z } from 'zod';
import { GAS_REASONS, ORDER_STATUSES } from '../report';
import { listQuery, recordId, instant } from './listQuery';

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

export interface OrderReportRecord {
  id: number;
  orderNo: string;
  orgId: number;
  orgName: string;
  kind: string;
  payLinkTitle: string | null;
  chainId: number;
  symbol: string;
  amount: string;
  fee: string;
  status: string;
  payerAddress: string | null;
  depositAddress: string;
  txHash: string | null;
  createdAt: string;
  paidAt: string | null;
}

export interface GasReportRecord {
  id: number;
  orgId: number;
  orgName: string;
  chainId: number;
  walletLabel: string;
  symbol: string;
  reason: string;
  fee: string;
  txHash: string;
  createdAt: string;
}

/**
 * One currency's line of an order report's totals: decimal strings, summed exactly in SQL.
 * Paid orders (what the merchant received, and the fee charged on them) are kept apart from
 * the orders not paid (pending, expired, failed): adding both into one amount would report
 * money that never arrived.
 */
export interface OrderReportTotal {
  chainId: number;
  symbol: string;
  paidCount: number;
  paidAmount: string;
  fee: string;
  unpaidCount: number;
  unpaidAmount: string;
}

/** An order report's totals; `broad`: the search matches more than `searchCap` orders (REPORT_SEARCH_CAP), so nothing was summed. */
export interface OrderTotalsAnswer {
  list: OrderReportTotal[];
  count: number;
  broad?: boolean;
  searchCap?: number;
}

/** One native coin's line of the gas report's totals: the transactions and the gas they cost. */
export interface GasReportTotal {
  chainId: number;
  symbol: string;
  count: number;
  gas: string;
}

/** What the chain watcher saw arrive at an order's deposit address in its coin, from the order's creation on. */
export interface OrderTransfer {
  txHash: string;
  fromAddress: string;
  amount: string;
  blockTime: string;
}

/** A ledger entry an order caused (its credit), as the order drawer lists it. */
export interface OrderLedgerEntry {
  id: number;
  walletLabel: string;
  symbol: string;
  delta: string;
  balanceAfter: string;
  reason: string;
  txHash: string | null;
  createdAt: string;
}

/** GET /sys/report/order/detail?id=: one order with everything that happened to it. */
export interface OrderDetailView {
  order: OrderReportRecord;
  transfers: OrderTransfer[];
  repairs: Array<{
    id: number;
    action: string;
    actor: string;
    reason: string;
    txHash: string | null;
    previousStatus: string;
    newStatus: string;
    createdAt: string;
  }>;
  ledger: OrderLedgerEntry[];
}
