import { z } from 'zod';
import { ORDER_STATES } from './merchantOrder';
import { recordId } from './listQuery';
import { isoInstant } from './response';

/**
 * The refund of an overpaid order's excess (docs/payments.md "Refunding an overpaid order's excess"),
 * once for the server, the console and the API's description.
 */

/** GET /sys/order-refund/order?orderId=: one order of the selected org, as a refund of its excess sees it. */
export const refundOrderQuery = z.object({ orderId: recordId });

/**
 * Body of POST /sys/order-refund/run: the order and where its excess goes. The amount is never the
 * caller's (the server reads the excess from what arrived): a body naming anything else is refused.
 */
export const refundRunBody = z.strictObject({
  orderId: recordId,
  toAddress: z.string({ error: 'validation.required' }).trim().min(1, { error: 'validation.required' }).max(100),
});
export type RefundRunBody = z.output<typeof refundRunBody>;

/** The refund recorded for an order: its movement's amount, destination and status (executed: paid back). */
export const orderRefundRecord = z.object({
  movementId: z.number(),
  amount: z.string(),
  toAddress: z.string(),
  /** The movement's: `sending` while its transaction is on its way, `executed` once booked, `failed` when nothing left. */
  status: z.string(),
  txHash: z.string().nullable(),
  createdAt: isoInstant,
});

export const refundView = z.object({
  orderId: z.number(),
  orderNo: z.string(),
  chainId: z.number(),
  symbol: z.string(),
  /** The order's state as its merchant reads it (src/contract/orderState.ts): only `overpaid` is refunded. */
  state: z.enum(ORDER_STATES),
  /** What arrived beyond the amount (a decimal string): what a refund pays back. */
  excess: z.string(),
  /** Where the console proposes to send it: the sender of the transfer that overpaid; null when unknown. */
  payerAddress: z.string().nullable(),
  /**
   * Where a refund may go: the senders of the order's transfers (a token minted straight to the address
   * has none). Anywhere else is a withdrawal, under the org's policy (docs/payments.md).
   */
  payers: z.array(z.string()),
  /** Whether a refund can be asked for now: overpaid, and no refund recorded (or only one that failed). */
  refundable: z.boolean(),
  refund: orderRefundRecord.nullable(),
});
export type RefundView = z.output<typeof refundView>;
export type RefundViewInput = z.input<typeof refundView>;
