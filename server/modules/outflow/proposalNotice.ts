import { sql, type Transaction } from 'kysely';
import type { Database } from '../../db/schema';
import { emitWebhookEvent, webhookSubject } from '../webhook/outbox';
import { clearNotifications, notify } from '../notification/service';
import { PROPOSAL_NOTICE, type ProposalNoticeData } from '../../../src/contract/schemas/notification';

type Trx = Transaction<Database>;

/** A proposal notice's subject is this and the proposal's id (statements that end many proposals at once build it in SQL). */
export const PROPOSAL_SUBJECT_PREFIX = 'proposal:';
export const proposalSubject = (proposalId: number) => `${PROPOSAL_SUBJECT_PREFIX}${proposalId}`;

/** A proposal as its webhook events carry it (docs/webhooks.md "Proposal events"). */
async function proposalFacts(trx: Trx, proposalId: number) {
  const row = await trx
    .selectFrom('proposal')
    .innerJoin('chainWallet', 'chainWallet.id', 'proposal.walletId')
    .innerJoin('chain', 'chain.chainId', 'proposal.chainId')
    .select([
      'proposal.id',
      'proposal.orgId',
      'proposal.walletId',
      'chainWallet.label as walletLabel',
      'chainWallet.address as walletAddress',
      'chain.name as chain',
      'chain.chainId',
      'proposal.nonce',
      'proposal.kind',
      'proposal.amount',
      'proposal.symbol',
      'proposal.toAddress',
      'proposal.status',
      'proposal.threshold',
      'proposal.txHash',
      'proposal.expiresAt',
      (eb) =>
        eb
          .selectFrom('proposalVote')
          .select(sql<string>`count(*)`.as('n'))
          .whereRef('proposalVote.proposalId', '=', 'proposal.id')
          .where('proposalVote.vote', '=', 'approve')
          .as('approvals'),
    ])
    .where('proposal.id', '=', proposalId)
    .executeTakeFirstOrThrow();
  return { ...row, approvals: Number(row.approvals ?? 0) };
}
type ProposalFacts = Awaited<ReturnType<typeof proposalFacts>>;

/** `data` of a proposal.* event: no signer's name, nothing the org's own API does not already show. */
const eventData = (p: ProposalFacts) => ({
  id: p.id,
  walletId: p.walletId,
  wallet: p.walletLabel,
  walletAddress: p.walletAddress,
  nonce: p.nonce,
  kind: p.kind,
  amount: p.amount,
  currency: p.symbol,
  chain: p.chain,
  chainId: p.chainId,
  toAddress: p.toAddress,
  status: p.status,
  approvalsNeeded: p.threshold,
  approvalsGiven: p.approvals,
  expiresAt: p.expiresAt.toISOString(),
  txHash: p.status === 'executed' ? p.txHash : null,
});

/** Signers frozen into the proposal who may still approve it: a member of its org still, enabled, who has not voted. */
async function waitingSigners(trx: Trx, p: ProposalFacts): Promise<number[]> {
  const rows = await trx
    .selectFrom('proposalSigner')
    .innerJoin('membership', (join) => join.onRef('membership.userId', '=', 'proposalSigner.userId').on('membership.orgId', '=', p.orgId))
    .innerJoin('appUser', 'appUser.id', 'proposalSigner.userId')
    .select('proposalSigner.userId')
    .where('proposalSigner.proposalId', '=', p.id)
    .where('appUser.disabled', '=', false)
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('proposalVote')
            .select('proposalVote.signerId')
            .whereRef('proposalVote.proposalId', '=', 'proposalSigner.proposalId')
            .whereRef('proposalVote.signerId', '=', 'proposalSigner.userId'),
        ),
      ),
    )
    .execute();
  return rows.map((r) => r.userId);
}

/**
 * A proposal now waits for approvals (started pending, or back to pending when the policy raised its
 * threshold at confirm), in the caller's transaction: `proposal.needs_approval` to the org's
 * endpoints, and a notice to each signer who can still approve it.
 */
export async function proposalWaits(trx: Trx, proposalId: number, at: Date): Promise<void> {
  const p = await proposalFacts(trx, proposalId);
  if (p.status !== 'pending') return;
  await emitWebhookEvent(trx, p.orgId, 'proposal.needs_approval', eventData(p), at, webhookSubject('proposal', p.id));
  const data: ProposalNoticeData = {
    proposalId: p.id,
    walletId: p.walletId,
    walletLabel: p.walletLabel,
    nonce: p.nonce,
    kind: p.kind,
    amount: p.amount,
    symbol: p.symbol,
  };
  await notify(trx, await waitingSigners(trx, p), PROPOSAL_NOTICE, proposalSubject(p.id), data, {
    orgId: p.orgId,
    at,
    expiresAt: p.expiresAt,
  });
}

/**
 * A proposal was acted on, in the caller's transaction: still pending, the notices of those who voted
 * go; past pending (enough approvals, executed, denied), every notice goes, since it waits for no
 * approval any more; executed or denied, its event is written.
 */
export async function proposalMoved(trx: Trx, proposalId: number, at: Date): Promise<void> {
  const p = await proposalFacts(trx, proposalId);
  if (p.status === 'pending') {
    const waiting = await waitingSigners(trx, p);
    await trx
      .deleteFrom('notification')
      .where('kind', '=', PROPOSAL_NOTICE)
      .where('subject', '=', proposalSubject(p.id))
      .$if(waiting.length > 0, (q) => q.where('userId', 'not in', waiting))
      .execute();
    return;
  }
  await clearNotifications(trx, PROPOSAL_NOTICE, [proposalSubject(p.id)]);
  if (p.status === 'executed')
    await emitWebhookEvent(trx, p.orgId, 'proposal.executed', eventData(p), at, webhookSubject('proposal', p.id));
  if (p.status === 'denied') await emitWebhookEvent(trx, p.orgId, 'proposal.denied', eventData(p), at, webhookSubject('proposal', p.id));
}
