import { z } from 'zod';
import { amountProblem } from '../money';
import { MAX_DECIMALS } from './currency';
import { listQuery, queryBoolean, recordId } from './listQuery';
import { isoInstant } from './response';

/**
 * Empty or null means "the payer chooses"; otherwise a positive decimal string (its decimals
 * are checked against the currency). Absent stays absent: an update without it keeps the amount.
 */
const linkAmount = z
  .custom<string | null | undefined>()
  .optional()
  .transform((value) => (value === '' ? null : value))
  .superRefine((value, ctx) => {
    if (value === null || value === undefined) return;
    const problem = amountProblem(value, { decimals: MAX_DECIMALS });
    if (problem) ctx.addIssue({ code: 'custom', message: problem.key, params: problem.params, input: value });
  });

const payLinkFields = {
  title: z.string().trim().min(1, { error: 'validation.required' }).max(100),
  chainId: z.coerce.number({ error: 'validation.required' }).int().positive(),
  currencyId: recordId,
  amount: linkAmount,
  enabled: z.boolean().default(true),
};

/** Body of POST /sys/pay-link/save: a link of the selected org; the currency must be on the chain named. */
export const payLinkBody = z.object(payLinkFields);
export type PayLinkBody = z.infer<typeof payLinkBody>;

/** Body of POST /sys/pay-link/update: title, amount and enabled change; the currency is fixed once created. */
export const payLinkUpdateBody = z.object({
  id: recordId,
  title: payLinkFields.title.optional(),
  amount: linkAmount.optional(),
  enabled: z.boolean().optional(),
});
export type PayLinkUpdateBody = z.infer<typeof payLinkUpdateBody>;

export const payLinkListQuery = listQuery(['id', 'title', 'createdAt', 'enabled'] as const, {
  title: z.string().trim().max(100).optional(),
  chainId: z.coerce.number({ error: 'validation.invalidId' }).int().positive().optional(),
  enabled: queryBoolean.optional(),
  orgId: recordId.optional(),
});
export type PayLinkListQuery = z.infer<typeof payLinkListQuery>;

export const payLinkRecord = z.object({
  id: z.number(),
  code: z.string(),
  title: z.string(),
  orgId: z.number(),
  orgName: z.string(),
  chainId: z.number(),
  currencyId: z.number(),
  symbol: z.string(),
  /** Null: the payer chooses the amount. */
  amount: z.string().nullable(),
  enabled: z.boolean(),
  /** Paid orders through the link and their sum, in the link's currency. */
  paidCount: z.number(),
  paidTotal: z.string(),
  createdAt: isoInstant,
  updatedAt: isoInstant,
});
export type PayLinkRecord = z.output<typeof payLinkRecord>;
/** As the server reads it (its instants as Dates). */
export type PayLinkRecordInput = z.input<typeof payLinkRecord>;
