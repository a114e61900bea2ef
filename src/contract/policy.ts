import { MOVEMENT_KINDS, type MovementKind } from './movement';
import { compareDecimal } from './money';
import type { PolicyMatch, PolicyOutcome, PolicyRule } from './schemas/policyRecord';

// The records (a rule, a match, its outcome, what a proposal keeps) are zod schemas: ./schemas/policyRecord.ts.
export type { PolicyMatch, PolicyOutcome, PolicyRule, ProposalPolicy } from './schemas/policyRecord';

/**
 * An org's transaction policy (docs/DECISIONS.md "Transaction policy"): an ordered list of
 * rules over money leaving its wallets, evaluated on the server at every start of an outflow
 * and again at a proposal's confirm; the first rule whose conditions all hold decides, and
 * no matching rule means "allow".
 */
export const POLICY_ACTIONS = ['allow', 'require', 'requireMore', 'block'] as const;

/** Where the money goes, against the org's address book (entries count from their "active from"). */
export const POLICY_DESTINATIONS = ['any', 'inBook', 'notInBook'] as const;

/** The policy in force is changed only after this delay (and an address book entry counts only after it). */
export const DEFAULT_CHANGE_DELAY_HOURS = 24;
export const MAX_CHANGE_DELAY_HOURS = 24 * 30;
/** The window of the velocity condition. */
export const VELOCITY_WINDOW_HOURS = 24;
export const MAX_POLICY_RULES = 50;
export const MAX_REQUIRED_APPROVALS = 20;

/** What a rule is evaluated on: one outflow as it would leave, with the facts only the database knows. */
export interface OutflowFacts {
  kind: MovementKind;
  walletId: number;
  chainId: number;
  symbol: string;
  amount: string;
  /** The destination is an active entry of the org's address book on the chain. */
  inBook: boolean;
  /** The wallet's outflow of the currency over the velocity window, this one not included. */
  recentTotal: string;
}

/** Adds two decimal strings exactly (amounts are never JS numbers, docs/ledger.md). */
export function addDecimal(a: string, b: string): string {
  const places = Math.max((a.split('.')[1] ?? '').length, (b.split('.')[1] ?? '').length);
  const scaled = (v: string) => BigInt((v.split('.')[0] ?? '0') + (v.split('.')[1] ?? '').padEnd(places, '0'));
  const sum = (scaled(a) + scaled(b)).toString().padStart(places + 1, '0');
  if (places === 0) return sum;
  const whole = sum.slice(0, sum.length - places);
  const fraction = sum.slice(sum.length - places).replace(/0+$/, '');
  return fraction ? `${whole}.${fraction}` : whole;
}

/** Whether every condition of the rule holds for the outflow (an unset condition holds). */
export function ruleMatches(rule: PolicyRule, facts: OutflowFacts): boolean {
  if (rule.kinds.length > 0 && !rule.kinds.includes(facts.kind)) return false;
  if (rule.walletId !== null && rule.walletId !== facts.walletId) return false;
  if (rule.chainId !== null && rule.chainId !== facts.chainId) return false;
  if (rule.symbol !== null && rule.symbol !== facts.symbol) return false;
  if (rule.minAmount !== null && compareDecimal(facts.amount, rule.minAmount) < 0) return false;
  if (rule.destination === 'inBook' && !facts.inBook) return false;
  if (rule.destination === 'notInBook' && facts.inBook) return false;
  if (rule.velocityLimit !== null && compareDecimal(addDecimal(facts.recentTotal, facts.amount), rule.velocityLimit) <= 0) return false;
  return true;
}

/** First match wins; null: no rule matches (allowed). */
export function firstMatch(rules: readonly PolicyRule[], facts: OutflowFacts): PolicyMatch | null {
  const index = rules.findIndex((rule) => ruleMatches(rule, facts));
  return index < 0 ? null : { position: index + 1, rule: rules[index] };
}

/**
 * `require N` raises the threshold to N, `requireMore N` to the wallet's threshold plus N —
 * never lower than the wallet's own. Out of a wallet without signers the one who starts it
 * counts as the first approval, so its base is 1.
 */
export function outcomeOf(match: PolicyMatch | null, base: number | null): PolicyOutcome {
  if (!match || match.rule.action === 'allow') return { kind: 'allow' };
  if (match.rule.action === 'block') return { kind: 'block' };
  const own = base ?? 1;
  const approvals = match.rule.approvals ?? 1;
  const threshold = match.rule.action === 'require' ? Math.max(own, approvals) : own + approvals;
  return { kind: 'approvals', threshold };
}

/**
 * The rules a new org starts with: money to an address outside its book takes one approval
 * more than the wallet asks (out of a hot wallet: a second person).
 */
export const DEFAULT_POLICY_RULES: readonly PolicyRule[] = [
  {
    name: '',
    kinds: [],
    walletId: null,
    chainId: null,
    symbol: null,
    minAmount: null,
    destination: 'notInBook',
    velocityLimit: null,
    action: 'requireMore',
    approvals: 1,
  },
];

export const isMovementKind = (kind: string): kind is MovementKind => (MOVEMENT_KINDS as readonly string[]).includes(kind);
