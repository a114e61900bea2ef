import { z } from 'zod';
import { MOVEMENT_KINDS } from '../movement';
import { amountProblem } from '../money';
import {
  MAX_CHANGE_DELAY_HOURS,
  MAX_POLICY_RULES,
  MAX_REQUIRED_APPROVALS,
  POLICY_ACTIONS,
  POLICY_DESTINATIONS,
  type PolicyRule,
} from '../policy';
import { MAX_DECIMALS } from './currency';
import { movementFields } from './movement';
import { isoInstant } from './response';
import { policyMatch, policyOutcome, policyRule } from './policyRecord';

/** An amount of a condition: a decimal string, or blank/null for "no such condition". */
const conditionAmount = z
  .union([z.string().trim(), z.null()])
  .optional()
  .transform((v) => v || null)
  .superRefine((value, ctx) => {
    if (value === null) return;
    const problem = amountProblem(value, { decimals: MAX_DECIMALS });
    if (problem) ctx.addIssue({ code: 'custom', message: problem.key, params: problem.params, input: value });
  });

const optionalId = z
  .union(
    [
      z.number().int().positive(),
      z
        .string()
        .regex(/^[1-9]\d{0,14}$/)
        .transform(Number),
      z.literal(''),
      z.null(),
    ],
    { error: 'validation.invalidId' },
  )
  .optional()
  .transform((v) => (v === '' || v === undefined ? null : v));

/** One rule as the console sends it: unset conditions may be absent, blank or null. */
export const policyRuleSchema = z
  .object({
    name: z.string().trim().max(60).default(''),
    kinds: z.array(z.enum(MOVEMENT_KINDS)).max(MOVEMENT_KINDS.length).default([]),
    walletId: optionalId,
    chainId: optionalId,
    symbol: z
      .union([z.string().trim().max(16), z.null()])
      .optional()
      .transform((v) => v || null),
    minAmount: conditionAmount,
    destination: z.enum(POLICY_DESTINATIONS).default('any'),
    velocityLimit: conditionAmount,
    action: z.enum(POLICY_ACTIONS, { error: 'validation.required' }),
    approvals: z
      .union(
        [
          z.number().int(),
          z
            .string()
            .regex(/^\d{1,3}$/)
            .transform(Number),
          z.literal(''),
          z.null(),
        ],
        { error: 'validation.approvals' },
      )
      .optional()
      .transform((v) => (v === '' || v === undefined ? null : v)),
  })
  .superRefine((rule, ctx) => {
    const needsCurrency = rule.minAmount !== null || rule.velocityLimit !== null;
    // An amount means nothing without its currency: 10,000 of what?
    if (needsCurrency && rule.symbol === null)
      ctx.addIssue({ code: 'custom', path: ['symbol'], message: 'validation.policyAmountNeedsCurrency', input: rule.symbol });
    if ((rule.symbol === null) !== (rule.chainId === null))
      ctx.addIssue({
        code: 'custom',
        path: [rule.symbol === null ? 'symbol' : 'chainId'],
        message: 'validation.policyCurrencyChain',
        input: null,
      });
    const counted = rule.action === 'require' || rule.action === 'requireMore';
    if (counted && (rule.approvals === null || rule.approvals < 1 || rule.approvals > MAX_REQUIRED_APPROVALS)) {
      ctx.addIssue({
        code: 'custom',
        path: ['approvals'],
        message: 'validation.approvals',
        params: { max: MAX_REQUIRED_APPROVALS },
        input: rule.approvals,
      });
    }
  })
  .transform((rule): PolicyRule => ({
    ...rule,
    approvals: rule.action === 'require' || rule.action === 'requireMore' ? rule.approvals : null,
  }));

/** Body of POST /sys/policy/save: the whole ordered rule list and the change delay, in force after the current delay. */
export const policySaveBody = z.object({
  rules: z.array(policyRuleSchema).max(MAX_POLICY_RULES, { error: 'validation.policyTooManyRules' }),
  delayHours: z.coerce
    .number({ error: 'validation.delayHours' })
    .int({ error: 'validation.delayHours' })
    .min(0, { error: 'validation.delayHours' })
    .max(MAX_CHANGE_DELAY_HOURS, { error: 'validation.delayHours' }),
});
export type PolicySaveBody = z.infer<typeof policySaveBody>;

/** Rules as stored and answered: checked on the way in (`policyRuleSchema`), by their types on the way out. */
const storedRules = z.array(policyRule).meta({ description: 'The ordered rules, first match wins.' });

/** One version of an org's policy: what is in force, or what will be from `activeFrom`. */
export const policyVersion = z.object({
  id: z.number().nullable(),
  rules: storedRules,
  delayHours: z.number(),
  activeFrom: isoInstant.nullable(),
  createdBy: z.string().nullable(),
});
export type PolicyVersion = z.output<typeof policyVersion>;

/** GET /sys/policy/detail: the selected org's policy in force, the pending change if any, and who may change it. */
export const policyDetail = z.object({
  orgId: z.number(),
  orgName: z.string(),
  active: policyVersion,
  pending: policyVersion.nullable(),
  /** Labels and symbols the rules name, so the console can word them. */
  wallets: z.array(z.object({ id: z.number(), label: z.string(), chainId: z.number() })),
});
export type PolicyDetail = z.output<typeof policyDetail>;

/** GET /sys/policy/evaluate: a transaction to test against the rules, nothing recorded. */
export const policyEvaluateQuery = z.object({
  kind: z.enum(MOVEMENT_KINDS, { error: 'validation.required' }),
  walletId: movementFields.walletId,
  symbol: movementFields.symbol,
  amount: movementFields.amount,
  to: z.string().trim().min(1, { error: 'validation.required' }).max(64),
});
export type PolicyEvaluateQuery = z.infer<typeof policyEvaluateQuery>;

/** A rule's verdict on one outflow, as stored on a proposal and answered by the test box. */
export const policyVerdict = z.object({
  /** null: no rule matched (allowed). */
  match: policyMatch.nullable(),
  outcome: policyOutcome,
  /** The wallet's own threshold (null: not multisig). */
  walletThreshold: z.number().nullable(),
  inBook: z.boolean(),
  /** The wallet's outflow of the currency over the last 24 h, before this one. */
  recentTotal: z.string(),
  walletLabel: z.string(),
});
export type PolicyVerdict = z.output<typeof policyVerdict>;

/** GET /sys/policy/evaluate: the answer of the test box, now and from when a pending change is in force. */
export const policyEvaluation = z.object({
  now: policyVerdict,
  pending: policyVerdict.extend({ activeFrom: isoInstant }).nullable(),
});
export type PolicyEvaluation = z.output<typeof policyEvaluation>;
