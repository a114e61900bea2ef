import { z } from 'zod';
import { recordId } from './listQuery';
import { orderReportRecord, orderRepairRecord } from './report';

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

export type { OrderRepairRecord } from './report';

export const orderRepairView = z.object({ order: orderReportRecord, repairs: z.array(orderRepairRecord) });
export type OrderRepairView = z.output<typeof orderRepairView>;
/** As the server returns it (its instants as Dates). */
export type OrderRepairViewInput = z.input<typeof orderRepairView>;

/** What a re-check found, with the server's sentence for it in the caller's language. */
export const recheckOutcome = z.object({
  /** A transfer paid the order: it is paid now, by `txHash`. */
  paid: z.boolean(),
  txHash: z.string().nullable(),
  /** The total of transfers that came but each paid too little; null when none did. */
  shortTotal: z.string().nullable(),
  message: z.string(),
});
export type RecheckOutcome = z.output<typeof recheckOutcome>;

export const recheckView = orderRepairView.extend({ recheck: recheckOutcome });
export type RecheckView = z.output<typeof recheckView>;
export type RecheckViewInput = z.input<typeof recheckView>;
