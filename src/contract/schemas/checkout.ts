import { z } from 'zod';
import { amountProblem } from '../money';
import { MAX_DECIMALS } from './currency';
import { isoInstant } from './response';
import { ORDER_STATES } from './merchantOrder';

/**
 * The public checkout (docs/payments.md "Checkout"): what the payer's pages read and send, with no
 * sign-in. They reveal nothing of the merchant beyond its name and nothing of other orders: an order
 * is reached by its unguessable checkout code, a pay link by its code.
 */

/** GET /api/v1/checkout/{code}: one order as its payer sees it. */
export const checkoutOrder = z
  .object({
    orderNo: z.string(),
    state: z.enum(ORDER_STATES),
    /** The merchant's name (its org's), the only thing said of it. */
    merchantName: z.string(),
    amount: z.string(),
    received: z.string(),
    missing: z.string(),
    excess: z.string(),
    currency: z.string(),
    decimals: z.number(),
    /** The token's contract; null: the chain's own coin. */
    contractAddress: z.string().nullable(),
    chainId: z.number(),
    /** The EIP-155 chain id a wallet sends on: the network's own, or on the devnet its devnet's (900000000 + chainId). */
    walletChainId: z.number(),
    chainName: z.string(),
    family: z.enum(['evm', 'tron']),
    /** devnet: the embedded chain (a faucet is offered); rpc: a real network; simulated: no chain (TRON today). */
    mode: z.enum(['devnet', 'rpc', 'simulated']),
    /** A simulated network on a platform in devnet mode: a payment is simulated with POST /api/v1/checkout/{code}/simulate-payment. */
    canSimulatePayment: z.boolean(),
    depositAddress: z.string(),
    /** What a wallet scans: EIP-681 on EVM chains (`ethereum:<token>@<walletChainId>/transfer?address=…&uint256=…`), the address on TRON. */
    paymentUri: z.string(),
    /** The exact amount in the currency's smallest unit (a decimal string of digits): what a wallet sends. */
    amountUnits: z.string(),
    expiresAt: isoInstant.nullable(),
    paidAt: isoInstant.nullable(),
    txHash: z.string().nullable(),
    /** The server's clock when it answered: the countdown runs from it, not from the payer's clock. */
    now: isoInstant,
  })
  .meta({ id: 'CheckoutOrder' });
export type CheckoutOrderInput = z.input<typeof checkoutOrder>;
export type CheckoutOrder = z.output<typeof checkoutOrder>;

/** GET /api/v1/pay/{code}: a pay link as its payer sees it. */
export const checkoutPayLink = z
  .object({
    title: z.string(),
    merchantName: z.string(),
    /** Null: the payer enters the amount. */
    amount: z.string().nullable(),
    currency: z.string(),
    decimals: z.number(),
    chainId: z.number(),
    chainName: z.string(),
  })
  .meta({ id: 'CheckoutPayLink' });
export type CheckoutPayLink = z.output<typeof checkoutPayLink>;

/** An amount as a decimal string within the most decimals any currency has (the server checks the currency's own). */
const checkAmount = (value: unknown, ctx: z.RefinementCtx) => {
  const problem = amountProblem(value, { decimals: MAX_DECIMALS });
  if (problem) ctx.addIssue({ code: 'custom', message: problem.key, params: problem.params, input: value });
};

/** POST /api/v1/pay/{code}/order: a payer starts paying a link (the amount only when the link has none). */
export const payLinkOrderBody = z.object({
  amount: z
    .custom<string | undefined>()
    .optional()
    .superRefine((value, ctx) => {
      if (value !== undefined) checkAmount(value, ctx);
    }),
});
export type PayLinkOrderBody = z.infer<typeof payLinkOrderBody>;

/** Its answer: the new order's checkout code (the page goes on to /checkout/<code>). */
export const payLinkOrderAnswer = z.object({ checkoutCode: z.string() });

/** POST /api/v1/checkout/{code}/faucet (devnet mode only): coin for gas and the order's amount sent to the payer's address. */
export const faucetBody = z.object({ address: z.string().regex(/^0x[0-9a-fA-F]{40}$/, { error: 'validation.payerAddress' }) });
export const faucetAnswer = z.object({ txHashes: z.array(z.string()) });

/**
 * POST /api/v1/checkout/{code}/simulate-payment (devnet mode, simulated networks only): a payment of `amount`
 * into the order's address, booked as the deposit watcher books one it read (docs/payments.md "Paying on the devnet").
 */
export const simulatePaymentBody = z.object({ amount: z.custom<string>().superRefine(checkAmount) });
export type SimulatePaymentBody = z.infer<typeof simulatePaymentBody>;
/** Its answer: the simulated transaction's hash (what the order's state then names, once it pays it). */
export const simulatePaymentAnswer = z.object({ txHash: z.string() });
