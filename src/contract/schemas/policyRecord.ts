import { z } from 'zod';
import { MOVEMENT_KINDS } from '../movement';
import { POLICY_ACTIONS, POLICY_DESTINATIONS } from '../policy';

/**
 * A policy rule as stored and answered (docs/DECISIONS.md "Transaction policy"): checked on the way
 * in by `policyRuleSchema` (./policy.ts), described here by its types alone, so a rule stored before
 * a form's rule changed still goes out.
 */
export const policyRule = z.object({
  /** A name the org gives the rule; shown with its number. */
  name: z.string(),
  /** Movement kinds it applies to; empty: every kind. */
  kinds: z.array(z.enum(MOVEMENT_KINDS)),
  /** One wallet, or null: every wallet of the org. */
  walletId: z.number().nullable(),
  /** One currency (a symbol on a chain), or null: every currency. Amount conditions need it. */
  chainId: z.number().nullable(),
  symbol: z.string().nullable(),
  /** Matches an amount of at least this, in the rule's currency. */
  minAmount: z.string().nullable(),
  destination: z.enum(POLICY_DESTINATIONS),
  /** Matches when the wallet's outflow of the currency over the last 24 h, this one included, exceeds this. */
  velocityLimit: z.string().nullable(),
  action: z.enum(POLICY_ACTIONS),
  /** `require`: approvals in all; `requireMore`: approvals beyond the wallet's own threshold. */
  approvals: z.number().nullable(),
});
export type PolicyRule = z.output<typeof policyRule>;

/** What a match means for an outflow (src/contract/policy.ts `outcomeOf`). */
export const policyOutcome = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('allow') }),
  z.object({ kind: z.literal('block') }),
  z.object({ kind: z.literal('approvals'), threshold: z.number() }),
]);
export type PolicyOutcome = z.output<typeof policyOutcome>;

/** The first rule that matched an outflow. */
export const policyMatch = z.object({
  /** 1-based, as the console numbers the rules. */
  position: z.number(),
  rule: policyRule,
});
export type PolicyMatch = z.output<typeof policyMatch>;

/** What a proposal keeps of the rule that decided it: the rule as it read then, in which version, and its outcome. */
export const proposalPolicy = z.object({
  versionId: z.number(),
  position: z.number(),
  rule: policyRule,
  outcome: policyOutcome,
  /** Set when a stricter rule in force at confirm raised the threshold the start gave. */
  raisedAtConfirm: z.literal(true).optional(),
});
export type ProposalPolicy = z.output<typeof proposalPolicy>;
