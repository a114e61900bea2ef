import { z } from 'zod';
import { amountProblem } from '../money';
import { MOVEMENT_KINDS, MOVEMENT_STATUSES } from '../movement';
import { MAX_DECIMALS } from './currency';
import { listQuery, recordId } from './listQuery';
import { isoInstant } from './response';

/** The fields of money leaving a wallet, shared by POST /sys/movement/save and a money proposal's start. */
export const movementFields = {
  walletId: recordId,
  to: z.string().trim().max(64).default(''),
  symbol: z.string().trim().min(1, { error: 'validation.required' }).max(16),
  amount: z.custom<string>().superRefine((value, ctx) => {
    const problem = amountProblem(value, { decimals: MAX_DECIMALS });
    if (problem) ctx.addIssue({ code: 'custom', message: problem.key, params: problem.params, input: value });
  }),
  memo: z.string().trim().max(200).default(''),
  orderNo: z.string().trim().max(64).default(''),
};

/** A refund names its order and may leave `to` blank (the order's payer is refunded); every other kind names `to`. */
export function checkMovementTarget(body: { kind: string; to: string; orderNo: string }, ctx: z.RefinementCtx): void {
  if (body.kind === 'refund' && !body.orderNo)
    ctx.addIssue({ code: 'custom', path: ['orderNo'], message: 'validation.required', input: body.orderNo });
  if (body.kind !== 'refund' && !body.to) ctx.addIssue({ code: 'custom', path: ['to'], message: 'validation.required', input: body.to });
}

/**
 * Body of POST /sys/movement/save. Shapes only: the server checks the rest against the
 * wallet's chain (the currency's decimals, the address family, the balance) and the kind's
 * rules.
 */
export const movementBody = z.object({ kind: z.enum(MOVEMENT_KINDS), ...movementFields }).superRefine(checkMovementTarget);
export type MovementBody = z.infer<typeof movementBody>;

/**
 * Query of GET /sys/movement/quote: what a movement of this kind out of this wallet, in this
 * currency, may spend and will be charged, shown on the form before saving. Asked only by
 * whoever may start that movement (the same checks as the save, up to the amount).
 */
export const movementQuoteQuery = z.object({
  kind: z.enum(MOVEMENT_KINDS, { error: 'validation.required' }),
  walletId: recordId,
  symbol: z.string({ error: 'validation.required' }).trim().min(1, { error: 'validation.required' }).max(16),
});
export type MovementQuoteQuery = z.infer<typeof movementQuoteQuery>;

/** Decimal strings of the wallet's currency (and of the chain's native coin for gas). */
export const movementQuote = z.object({
  symbol: z.string(),
  /** The wallet's balance less what sending transactions hold: what a new movement may spend. */
  available: z.string(),
  /** Charged on top of the amount: a withdrawal's fee, '0' for the other kinds. */
  fee: z.string(),
  /** A withdrawal's minimum amount; null for the other kinds. */
  minAmount: z.string().nullable(),
  /** The network fee its execution takes from the wallet, in the chain's native coin. */
  gas: z.object({ symbol: z.string(), amount: z.string(), available: z.string() }),
});
export type MovementQuote = z.output<typeof movementQuote>;

export const movementSortable = ['id', 'createdAt', 'amount', 'status'] as const;
export const movementListQuery = listQuery(movementSortable, {
  kind: z.enum(MOVEMENT_KINDS, { error: 'validation.required' }),
  chainId: z.coerce.number().int().positive().optional(),
  status: z.enum(MOVEMENT_STATUSES).optional(),
  /** An address it went to, its transaction hash or (refunds) its order number, case aside. */
  q: z.string().trim().max(100).optional(),
});
export type MovementListQuery = z.infer<typeof movementListQuery>;

export const movementRecord = z.object({
  id: z.number(),
  kind: z.enum(MOVEMENT_KINDS),
  orgId: z.number(),
  orgName: z.string(),
  chainId: z.number(),
  walletId: z.number(),
  walletLabel: z.string(),
  to: z.string(),
  currencyId: z.number(),
  symbol: z.string(),
  amount: z.string(),
  fee: z.string(),
  memo: z.string(),
  orderNo: z.string().nullable(),
  /** Set when the movement left a multisig wallet: its proposal, at /multisig/<proposalId>/show. */
  proposalId: z.number().nullable(),
  /** That proposal's nonce: with `walletLabel` (its wallet is the movement's) it names the proposal (src/contract/proposalReference.ts). */
  proposalNonce: z.number().nullable(),
  status: z.enum(MOVEMENT_STATUSES),
  txHash: z.string().nullable(),
  createdBy: z.string(),
  createdAt: isoInstant,
});
export type MovementRecord = z.output<typeof movementRecord>;
/** What the server hands the schema: its instants are Dates (Kysely's rows). */
export type MovementRecordInput = z.input<typeof movementRecord>;
