import { z } from 'zod';
import { recordId } from './listQuery';
import type { OrderReportRecord } from './report';

/** GET /sys/order-repair/order?q=: one order by its number or a transaction hash, in the caller's scope. */
export const orderLookupQuery = z.object({ q: z.string().trim().min(1, { error: 'validation.required' }).max(100) });

/** Body of POST /sys/order-repair/recredit: the transaction that paid the order, and why it is credited by hand. */
export const recreditBody = z.object({
  orderId: recordId,
  txHash: z.string().trim().min(1, { error: 'validation.required' }).max(100),
  reason: z.string().trim().min(10, { error: 'validation.reasonLength' }).max(500),
});
export type RecreditBody = z.infer<typeof recreditBody>;

/** One audited repair; the log cannot be changed. */
export interface OrderRepairRecord {
  id: number;
  action: string;
  actor: string;
  reason: string;
  txHash: string | null;
  previousStatus: string;
  newStatus: string;
  createdAt: string;
}

export interface OrderRepairView {
  order: OrderReportRecord;
  repairs: OrderRepairRecord[];
}
