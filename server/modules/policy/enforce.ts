import { sql, type Transaction } from 'kysely';
import type { Database } from '../../db/schema';
import { conflict } from '../../http/apiError';
import { isMovementKind, type ProposalPolicy } from '../../../src/contract/policy';
import { isMultiSigKind } from '../../../src/contract/contractKinds';
import type { Refusal } from '../../../src/contract/proposalMachine';
import type { PolicyVerdict } from '../../../src/contract/schemas/policy';
import { judgeOutflow, type OutflowToJudge } from './evaluate';
import { policyInForce } from './versions';

type Trx = Transaction<Database>;

/** How a proposal must be gated, beyond what its wallet asks. */
export interface PolicyGate {
  /** The approvals it takes, or null: as the wallet asks (and out of a non-multisig wallet, no proposal). */
  threshold: number | null;
  /** The rule that matched, kept on the proposal; null when none did. */
  record: ProposalPolicy | null;
}

/** The rule's words for a refusal: its number, and its name in brackets when it has one. */
export const ruleParams = (verdict: PolicyVerdict) => ({
  rule: verdict.match?.position ?? 0,
  name: verdict.match?.rule.name ? ` (${verdict.match.rule.name})` : '',
});

/**
 * At every start of an outflow (a movement, a money proposal), after its wallets are locked:
 * the org's policy in force decides. `block` refuses (409, naming the rule); `require` and
 * `requireMore` raise the approvals, and make a proposal of an outflow that would otherwise
 * leave at once.
 */
export async function gateOutflow(trx: Trx, outflow: OutflowToJudge, now: Date): Promise<PolicyGate> {
  const policy = await policyInForce(trx, outflow.wallet.orgId, now);
  const verdict = await judgeOutflow(trx, policy, outflow, now);
  if (verdict.outcome.kind === 'block') throw conflict('api.policyBlocked', ruleParams(verdict));
  const record: ProposalPolicy | null =
    verdict.match && policy.id !== null
      ? { versionId: policy.id, position: verdict.match.position, rule: verdict.match.rule, outcome: verdict.outcome }
      : null;
  return { threshold: verdict.outcome.kind === 'approvals' ? verdict.outcome.threshold : null, record };
}

/** At confirm: the policy in force now, on the proposal as it stands. */
export async function verdictAtConfirm(
  trx: Trx,
  outflow: OutflowToJudge,
  now: Date,
): Promise<{ verdict: PolicyVerdict; versionId: number | null }> {
  const policy = await policyInForce(trx, outflow.wallet.orgId, now);
  return { verdict: await judgeOutflow(trx, policy, outflow, now), versionId: policy.id };
}

/** A proposal as confirm reads it, locked. */
interface ConfirmedProposal {
  id: number;
  kind: string;
  walletId: number;
  currencyId: number | null;
  symbol: string;
  amount: string;
  toAddress: string;
  threshold: number;
}

/**
 * At confirm, the policy in force now judges the proposal again (a rule changed since its start
 * applies, but only where it is stricter): `block` refuses and nothing moves; more approvals than
 * the proposal took raise its threshold — with the approvals already cast it may go on, without
 * them it is back to pending and the raise is kept (returned as the refusal to send after commit).
 */
export async function recheckPolicyAtConfirm(trx: Trx, proposal: ConfirmedProposal, approvals: number, now: Date): Promise<Refusal | null> {
  if (!isMovementKind(proposal.kind) || proposal.currencyId === null) return null;
  const wallet = await trx
    .selectFrom('chainWallet')
    .select(['id', 'orgId', 'chainId', 'label', 'threshold', 'kind'])
    .where('id', '=', proposal.walletId)
    .executeTakeFirstOrThrow();
  const outflow: OutflowToJudge = {
    kind: proposal.kind,
    wallet: { ...wallet, multisig: isMultiSigKind(wallet.kind) && wallet.threshold !== null },
    currencyId: proposal.currencyId,
    symbol: proposal.symbol,
    amount: proposal.amount,
    to: proposal.toAddress,
    proposalId: proposal.id,
  };
  const { verdict, versionId } = await verdictAtConfirm(trx, outflow, now);
  if (verdict.outcome.kind === 'block') throw conflict('api.policyBlockedNow', ruleParams(verdict));
  if (verdict.outcome.kind !== 'approvals' || verdict.outcome.threshold <= proposal.threshold || !verdict.match || versionId === null)
    return null;
  const threshold = verdict.outcome.threshold;
  const record: ProposalPolicy = {
    versionId,
    position: verdict.match.position,
    rule: verdict.match.rule,
    outcome: verdict.outcome,
    raisedAtConfirm: true,
  };
  const reached = approvals >= threshold;
  await trx
    .updateTable('proposal')
    .set({
      threshold,
      policy: sql<ProposalPolicy>`${JSON.stringify(record)}::jsonb`,
      ...(reached ? {} : { status: 'pending', updatedAt: now }),
    })
    .where('id', '=', proposal.id)
    .execute();
  return reached ? null : { code: 409, key: 'api.policyRaised', params: { ...ruleParams(verdict), threshold, approvals } };
}
