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

/** Body of POST /sys/order-repair/recheck: the order whose payment to look for on chain again. */
export const recheckBody = z.object({ orderId: recordId });

/** One audited repair; the log cannot be changed. */
export interface OrderRepairRecord {
  id: number;
  action: string;
  actor: string;
  /** Why, for a re-credit; a re-check gives none (the chain is the evidence). */
  reason: string | null;
  txHash: string | null;
  previousStatus: string;
  newStatus: string;
  createdAt: string;
}

export interface OrderRepairView {
  order: OrderReportRecord;
  repairs: OrderRepairRecord[];
}

/** What a re-check found, with the server's sentence for it in the caller's language. */
export interface RecheckOutcome {
  /** A transfer paid the order: it is paid now, by `txHash`. */
  paid: boolean;
  txHash: string | null;
  /** The total of transfers that came but each paid too little; null when none did. */
  shortTotal: string | null;
  message: string;
}

export interface RecheckView extends OrderRepairView {
  recheck: RecheckOutcome;
}
