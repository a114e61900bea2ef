import { sql, type Transaction } from 'kysely';
import type { Database, StoredSafeTransaction } from '../../db/schema';
import { safeTransactionFor, type SafeStates } from './safeProposal';
import type { Caller } from '../../http/caller';
import type { ProposalKind, ProposalStatus } from '../../../src/contract/contractKinds';
import type { ProposalPolicy } from '../../../src/contract/policy';
import { conflict } from '../../http/apiError';
import type { StartedProposal } from '../../../src/contract/schemas/sign';
import { proposalWaits } from './proposalNotice';

type Trx = Transaction<Database>;

const HOUR_MS = 3_600_000;

/** The answer of a start (src/contract/schemas/sign.ts `startedProposal`). */
export type { StartedProposal };

/** What a proposal will do once executed, already checked by its kind's rules. */
export interface ProposalPlan {
  kind: ProposalKind;
  toAddress: string;
  amount: string;
  symbol: string;
  currencyId: number | null;
  fee: string;
  memo: string;
  orderId: number | null;
  newSigners: number[] | null;
  newThreshold: number | null;
}

/** What the org's policy adds to a proposal (server/modules/policy/enforce.ts). */
export interface ProposalPolicyGate {
  /** Approvals it takes when the policy asks more than the wallet; null: the wallet's threshold. */
  threshold: number | null;
  record: ProposalPolicy | null;
}

/**
 * Who approves a proposal the policy forced out of a wallet without signers (a hot wallet):
 * the one who starts it, and the managers of the wallet's org — enabled accounts only.
 */
async function policyApprovers(trx: Trx, orgId: number, proposerId: number): Promise<Array<{ userId: number; position: number }>> {
  const managers = await trx
    .selectFrom('membership')
    .innerJoin('appUser', 'appUser.id', 'membership.userId')
    .select('membership.userId')
    .where((eb) => eb.and({ 'membership.orgId': orgId, 'membership.roleLevel': 0, 'appUser.disabled': false }))
    .orderBy('membership.userId')
    .execute();
  const ids = [proposerId, ...managers.map((m) => m.userId).filter((id) => id !== proposerId)];
  return ids.map((userId, index) => ({ userId, position: index + 1 }));
}

/**
 * Writes a proposal on a multisig wallet, or on any wallet the org's policy asks approvals for. The wallet row is locked (a no-op when the
 * caller holds it already): the starts of one wallet then run one at a time, so
 * max(nonce) + 1 is free (the unique (wallet_id, nonce) would refuse it otherwise), and
 * no governance change lands between reading the signers and the threshold. Both are
 * frozen into the proposal: a later change neither takes a veto away nor hands a vote
 * to someone who was not a signer.
 */
export async function insertProposal(
  trx: Trx,
  caller: Caller,
  walletId: number,
  plan: ProposalPlan,
  now: Date,
  ttlHours: number,
  gate: ProposalPolicyGate,
  safes: SafeStates,
): Promise<StartedProposal> {
  const wallet = await trx
    .selectFrom('chainWallet')
    .select(['id', 'label', 'chainId', 'orgId', 'threshold', 'address', 'safeSetup'])
    .where('id', '=', walletId)
    .forUpdate()
    .executeTakeFirstOrThrow();
  const threshold = gate.threshold ?? wallet.threshold;
  if (threshold === null) throw new Error(`wallet ${walletId} has no threshold: not multisig`);
  const last = await trx
    .selectFrom('proposal')
    .select(sql<number>`coalesce(max(nonce), 0)`.as('nonce'))
    .where('walletId', '=', wallet.id)
    .executeTakeFirstOrThrow();
  const nonce = Number(last.nonce) + 1;
  const signers =
    wallet.threshold === null
      ? await policyApprovers(trx, wallet.orgId, caller.userId)
      : await trx.selectFrom('walletSigner').select(['userId', 'position']).where('walletId', '=', wallet.id).orderBy('position').execute();
  // A threshold no signer set can reach would wait until it expires: refused now, with the numbers.
  if (threshold > signers.length) throw conflict('api.policyUnreachable', { threshold, signers: signers.length });
  // On a Safe: the transaction its signers will sign, with the Safe nonce it takes.
  const safeTx = await safeTransactionFor(trx, safes, wallet, plan);
  // On a Safe an approval is a signature of the Safe transaction, which exists only now: the
  // proposer signs it next, as an approval (docs/chains.md "Proposals on Safes").
  const proposerSigns = !safeTx && signers.some((s) => s.userId === caller.userId);
  const status: ProposalStatus = proposerSigns && threshold <= 1 ? 'approved' : 'pending';
  const { id } = await trx
    .insertInto('proposal')
    .values({
      walletId: wallet.id,
      chainId: wallet.chainId,
      orgId: wallet.orgId,
      kind: plan.kind,
      toAddress: plan.toAddress,
      amount: plan.amount,
      symbol: plan.symbol,
      currencyId: plan.currencyId,
      fee: plan.fee,
      memo: plan.memo,
      orderId: plan.orderId,
      // As an array literal: both drivers (pg, PGlite) take text and Postgres casts it.
      newSigners: plan.newSigners ? sql<number[]>`${`{${plan.newSigners.join(',')}}`}::integer[]` : null,
      newThreshold: plan.newThreshold,
      nonce,
      status,
      threshold,
      policy: gate.record ? sql<ProposalPolicy>`${JSON.stringify(gate.record)}::jsonb` : null,
      safeTx: safeTx ? sql<StoredSafeTransaction>`${JSON.stringify(safeTx)}::jsonb` : null,
      proposerId: caller.userId,
      txHash: null,
      createdAt: now,
      updatedAt: now,
      expiresAt: new Date(now.getTime() + ttlHours * HOUR_MS),
      executedAt: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  if (signers.length > 0)
    await trx
      .insertInto('proposalSigner')
      .values(signers.map((s) => ({ proposalId: id, userId: s.userId, position: s.position })))
      .execute();
  await trx
    .insertInto('signLog')
    .values({ proposalId: id, action: 'start', actorId: caller.userId, comment: plan.memo, createdAt: now })
    .execute();
  // A proposer who is a signer has approved by starting (docs/proposals.md).
  if (proposerSigns)
    await trx
      .insertInto('proposalVote')
      .values({ proposalId: id, signerId: caller.userId, vote: 'approve', comment: '', createdAt: now })
      .execute();
  // Its signers hear of it in this transaction: an event to the org's endpoints, a notice to each (docs/webhooks.md).
  await proposalWaits(trx, id, now);
  return {
    proposalId: id,
    walletLabel: wallet.label,
    nonce,
    status,
    awaitsYourSignature: safeTx !== null && signers.some((s) => s.userId === caller.userId),
  };
}
