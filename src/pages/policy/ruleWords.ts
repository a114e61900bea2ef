import type { TranslateFunction as Translate } from 'react-admin';
import type { PolicyOutcome, PolicyRule, ProposalPolicy } from '../../contract/policy';

/** Names the console knows a rule's ids by: the org's wallets and the networks. */
export interface RuleNames {
  wallet: (id: number) => string;
  chain: (id: number) => string;
}

/** A rule's conditions in words, "any outflow" when it has none. */
export function conditionWords(rule: PolicyRule, translate: Translate, names: RuleNames): string {
  const parts: string[] = [];
  if (rule.kinds.length > 0)
    parts.push(translate('policy.when.kinds', { kinds: rule.kinds.map((k) => translate(`multisig.kind.${k}`)).join(', ') }));
  if (rule.walletId !== null) parts.push(translate('policy.when.wallet', { wallet: names.wallet(rule.walletId) }));
  const currency = rule.symbol && rule.chainId !== null ? `${rule.symbol} (${names.chain(rule.chainId)})` : '';
  if (rule.minAmount !== null) parts.push(translate('policy.when.minAmount', { amount: rule.minAmount, currency }));
  else if (currency && rule.velocityLimit === null) parts.push(translate('policy.when.currency', { currency }));
  if (rule.destination !== 'any') parts.push(translate(`policy.when.${rule.destination}`));
  if (rule.velocityLimit !== null) parts.push(translate('policy.when.velocity', { amount: rule.velocityLimit, currency }));
  return parts.length > 0 ? parts.join('; ') : translate('policy.when.any');
}

/** What a rule does, as written ("require 1 more approval"). */
export function actionWords(rule: PolicyRule, translate: Translate): string {
  return translate(`policy.then.${rule.action}`, { smart_count: rule.approvals ?? 0, count: rule.approvals ?? 0 });
}

/** What a matched rule meant for one outflow ("3 approvals", "blocked", "allowed"). */
export function outcomeWords(outcome: PolicyOutcome, translate: Translate): string {
  return outcome.kind === 'approvals'
    ? translate('policy.outcome.approvals', { count: outcome.threshold })
    : translate(`policy.outcome.${outcome.kind}`);
}

/** "Rule 2 (Large): amount at least 10000 USDT (Ethereum) → require 3 approvals". */
export function ruleLine(position: number, rule: PolicyRule, translate: Translate, names: RuleNames): string {
  const title = rule.name ? translate('policy.ruleNamed', { position, name: rule.name }) : translate('policy.rule', { position });
  return `${title}: ${conditionWords(rule, translate, names)} → ${actionWords(rule, translate)}`;
}

/** A proposal's rule, as its page shows it: the rule, then what it asked of this proposal. */
export function proposalPolicyLine(policy: ProposalPolicy, translate: Translate, names: RuleNames): string {
  const line = `${ruleLine(policy.position, policy.rule, translate, names)} (${outcomeWords(policy.outcome, translate)})`;
  return policy.raisedAtConfirm ? `${line} — ${translate('policy.raisedAtConfirm')}` : line;
}
