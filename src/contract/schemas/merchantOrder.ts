import { z } from 'zod';
import { amountProblem } from '../money';
import { MAX_DECIMALS } from './currency';
import { isoInstant } from './response';

/**
 * The merchant API's orders (docs/payments.md "The merchant API"), once for the server and the
 * API's description: what `POST /api/v1/orders` takes and what every order call answers.
 */

/** How long an order waits for its payment, in minutes: at least 5, at most 7 days; 60 unless said. */
export const ORDER_EXPIRY_MINUTES = { min: 5, max: 7 * 24 * 60, default: 60 } as const;

/**
 * An order's states as the merchant API and the checkout page name them (docs/payments.md "Order
 * states"): pending (nothing yet), underpaid (part of it arrived before the expiry: a top-up completes
 * it), paid, overpaid (paid, and more arrived: the excess is kept for refund), expired (its expiry
 * passed short of the amount), paid late (the amount arrived only after the expiry: kept for repair),
 * failed (the console's repair gave up on it).
 */
export const ORDER_STATES = ['pending', 'underpaid', 'paid', 'overpaid', 'expired', 'paid_late', 'failed'] as const;
export type OrderState = (typeof ORDER_STATES)[number];

const amount = z
  .custom<string>()
  .superRefine((value, ctx) => {
    const problem = amountProblem(value, { decimals: MAX_DECIMALS });
    if (problem) ctx.addIssue({ code: 'custom', message: problem.key, params: problem.params, input: value });
  })
  .meta({ type: 'string', example: '25.5', description: 'A decimal string in the currency (its decimals are checked).' });

export const merchantOrderBody = z.object({
  amount,
  /** The currency's symbol on that chain, as the platform lists it (USDT, ETH). */
  currency: z.string({ error: 'validation.required' }).trim().min(1, { error: 'validation.required' }).max(20).meta({ example: 'USDT' }),
  chainId: z.number({ error: 'validation.required' }).int().positive().meta({ example: 31337 }),
  /** The merchant's own reference (its cart or invoice number): orders are listed by it. */
  reference: z.string().trim().min(1).max(100).optional().meta({ example: 'INV-1042' }),
  /** A pay link of the same org this order pays through (its code). */
  payLinkCode: z.string().trim().min(1).max(40).optional(),
  expiresInMinutes: z
    .number({ error: 'validation.expiresInMinutes' })
    .int({ error: 'validation.expiresInMinutes' })
    .min(ORDER_EXPIRY_MINUTES.min, { error: 'validation.expiresInMinutes' })
    .max(ORDER_EXPIRY_MINUTES.max, { error: 'validation.expiresInMinutes' })
    .default(ORDER_EXPIRY_MINUTES.default),
});
export type MerchantOrderBody = z.infer<typeof merchantOrderBody>;

export const merchantOrderListQuery = z.object({
  reference: z.string({ error: 'validation.required' }).trim().min(1, { error: 'validation.required' }).max(100),
});

export const merchantOrderRecord = z
  .object({
    id: z.number(),
    orderNo: z.string(),
    status: z.enum(ORDER_STATES),
    amount: z.string(),
    /** What arrived at its address so far (with the chain's confirmations), in the currency. */
    received: z.string(),
    /** What is still missing (0 once paid). */
    missing: z.string(),
    /** What arrived beyond the amount: kept for refund. */
    excess: z.string(),
    /** What of the excess was paid back to the payer (its refund executed); "0" until then. The state stays `overpaid`. */
    refunded: z.string(),
    currency: z.string(),
    chainId: z.number(),
    /** The token's contract; null for the chain's own coin. */
    contractAddress: z.string().nullable(),
    decimals: z.number(),
    /** This order's own address: pay exactly `amount` of `currency` to it on chain `chainId`. */
    depositAddress: z.string(),
    reference: z.string().nullable(),
    payLinkCode: z.string().nullable(),
    expiresAt: isoInstant.nullable(),
    createdAt: isoInstant,
    paidAt: isoInstant.nullable(),
    txHash: z.string().nullable(),
    /** The public page a payer pays on (docs/payments.md "Checkout"). */
    checkoutUrl: z.string(),
  })
  .meta({ id: 'MerchantOrder' });
export type MerchantOrderRecordInput = z.input<typeof merchantOrderRecord>;
