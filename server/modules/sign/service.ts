import { sql, type Transaction } from 'kysely';
import type { Db } from '../../db/database';
import type { Database } from '../../db/schema';
import { ApiError, badRequest, forbidden } from '../../http/apiError';
import { orgVisibleTo } from '../../http/tenancy';
import type { Caller } from '../../http/caller';
import { BodyCode } from '../../../src/contract/envelope';
import { walletOutflowRefusal } from '../../../src/contract/movement';
import { isColdKind, isMultiSigKind, type ProposalStatus } from '../../../src/contract/contractKinds';
import { decide, OPEN_STATUSES, type ProposalAction, type Refusal } from '../../../src/contract/proposalMachine';
import type { ProposalDetail, SignActionBody, SignStartBody } from '../../../src/contract/schemas/sign';
import { executeTransfer, lockExecutionWallets, simulatedTxHash } from './execution';
import { assertBalanceCovers, checkOutflow } from './outflow';
import { expireOverdue } from './expiry';
import { proposalDetail, proposalNotFound } from './queries';

type Trx = Transaction<Database>;

const HOUR_MS = 3_600_000;
const refusalError = (refusal: Refusal) => new ApiError(refusal.code, refusal.key, { params: refusal.params });

/**
 * Who may start (issue "Multisig proposals"): the wallet's outflow rule of
 * src/contract/movement.ts (cold wallets need coldAdmins, a transfer out of another
 * wallet allowTransfer), so a pro manager moves cold funds and pro finance transfers
 * from hot wallets.
 */
function assertMayStart(caller: Caller, kind: string, walletKind: string): void {
  const refusal = walletOutflowRefusal(caller.roleIndex, kind, walletKind);
  if (refusal) throw forbidden(isColdKind(walletKind) ? 'api.coldProposalForbidden' : 'api.transferNotAllowed');
}

/** POST /sys/sign/start. */
export async function startProposal(db: Db, caller: Caller, body: SignStartBody, now: Date, ttlHours: number): Promise<StartedProposal> {
  return db.transaction().execute((trx) => startProposalIn(trx, caller, body, now, ttlHours));
}

export interface StartedProposal {
  proposalId: number;
  nonce: number;
  status: ProposalStatus;
}

/** Starts a proposal inside the caller's transaction (a movement records it in the same one): checks the wallet, the caller and the body, then takes the wallet's next nonce. */
export async function startProposalIn(trx: Trx, caller: Caller, body: SignStartBody, now: Date, ttlHours: number): Promise<StartedProposal> {
  // The wallet row lock serialises the starts of one wallet: max(nonce) + 1 is then
  // free, and the unique (wallet_id, nonce) would refuse it if it were not.
  const wallet = await trx
    .selectFrom('chainWallet')
    .select(['id', 'chainId', 'orgId', 'kind', 'threshold'])
    .where('id', '=', body.walletId)
    .where(orgVisibleTo(caller, 'chain_wallet.org_id'))
    .forUpdate()
    .executeTakeFirst();
  if (!wallet) throw new ApiError(BodyCode.notFound, 'api.walletNotFound');
  if (!isMultiSigKind(wallet.kind) || !wallet.threshold) throw badRequest({ walletId: { key: 'validation.notMultisig' } });
  assertMayStart(caller, body.kind, wallet.kind);

  const { currency, to } = await checkOutflow(trx, wallet, body);
  await assertBalanceCovers(trx, wallet.id, currency.id, body.amount);

  const last = await trx.selectFrom('proposal').select(sql<number>`coalesce(max(nonce), 0)`.as('nonce')).where('walletId', '=', wallet.id).executeTakeFirstOrThrow();
  const nonce = Number(last.nonce) + 1;
  const proposerSigns = Boolean(await trx.selectFrom('walletSigner').select('userId').where('walletId', '=', wallet.id).where('userId', '=', caller.userId).executeTakeFirst());
  const status: ProposalStatus = proposerSigns && wallet.threshold <= 1 ? 'approved' : 'pending';
  const { id } = await trx
    .insertInto('proposal')
    .values({
      walletId: wallet.id,
      chainId: wallet.chainId,
      orgId: wallet.orgId,
      kind: body.kind,
      toAddress: to,
      amount: body.amount,
      symbol: body.symbol,
      currencyId: currency.id,
      memo: body.memo,
      nonce,
      status,
      threshold: wallet.threshold,
      proposerId: caller.userId,
      txHash: null,
      createdAt: now,
      updatedAt: now,
      expiresAt: new Date(now.getTime() + ttlHours * HOUR_MS),
      executedAt: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await trx.insertInto('signLog').values({ proposalId: id, action: 'start', actorId: caller.userId, comment: body.memo, createdAt: now }).execute();
  // SPEC B5: a proposer who is a signer has approved by starting.
  if (proposerSigns) await trx.insertInto('proposalVote').values({ proposalId: id, signerId: caller.userId, vote: 'approve', comment: '', createdAt: now }).execute();
  return { proposalId: id, nonce, status };
}

/** The proposal as it is now, read after its row lock is held (each statement sees what committed before it). */
async function lockedFacts(trx: Trx, caller: Caller, proposalId: number, now: Date) {
  const proposal = await trx.selectFrom('proposal').selectAll().where('id', '=', proposalId).executeTakeFirstOrThrow();
  const votes = await trx.selectFrom('proposalVote').select(['signerId', 'vote']).where('proposalId', '=', proposalId).execute();
  const signer = await trx.selectFrom('walletSigner').select('userId').where('walletId', '=', proposal.walletId).where('userId', '=', caller.userId).executeTakeFirst();
  const lower = await trx
    .selectFrom('proposal')
    .select((eb) => eb.fn.min('nonce').as('nonce'))
    .where('walletId', '=', proposal.walletId)
    .where('nonce', '<', proposal.nonce)
    .where('status', 'in', OPEN_STATUSES)
    .where('expiresAt', '>', now)
    .executeTakeFirst();
  const mine = (vote: 'approve' | 'deny') => votes.some((v) => v.signerId === caller.userId && v.vote === vote);
  return {
    proposal,
    facts: {
      status: proposal.status as ProposalStatus,
      expired: proposal.expiresAt.getTime() <= now.getTime(),
      isSigner: Boolean(signer),
      hasApproved: mine('approve'),
      hasDenied: mine('deny'),
      approvals: votes.filter((v) => v.vote === 'approve').length,
      threshold: proposal.threshold,
      lowerOpenNonce: lower?.nonce ?? null,
    },
  };
}

/**
 * POST /sys/sign/approval | deny | confirm, exactly once under concurrency: one
 * transaction that locks the proposal row — for confirm first the wallet row(s), so
 * nonce order and balance changes of a wallet serialise — then re-reads the state,
 * applies the pure machine and writes vote, status, execution and log together.
 * Lock order is always wallets (ascending id) then proposal, so no two actions wait
 * on each other in a circle.
 */
export async function actOnProposal(db: Db, caller: Caller, action: ProposalAction, body: SignActionBody, now: Date): Promise<ProposalDetail> {
  const expiredRefusal = await db.transaction().execute(async (trx) => {
    const target = await trx
      .selectFrom('proposal')
      .select(['id', 'walletId', 'chainId', 'toAddress'])
      .where('id', '=', body.proposalId)
      .where(orgVisibleTo(caller, 'proposal.org_id'))
      .executeTakeFirst();
    if (!target) throw proposalNotFound();
    const { destinationId } = action === 'confirm' ? await lockExecutionWallets(trx, target) : { destinationId: null };
    await trx.selectFrom('proposal').select('id').where('id', '=', target.id).forUpdate().execute();

    const { proposal, facts } = await lockedFacts(trx, caller, target.id, now);
    const outcome = decide(action, facts);
    if (!outcome.ok) {
      if (!outcome.expire) throw refusalError(outcome.refusal);
      // Overdue: marked expired (with its log entry) and committed, then refused.
      await expireOverdue(trx, now, proposal.id);
      return outcome.refusal;
    }

    if (outcome.vote) {
      const cast = await trx
        .insertInto('proposalVote')
        .values({ proposalId: proposal.id, signerId: caller.userId, vote: outcome.vote, comment: body.comment, createdAt: now })
        .onConflict((oc) => oc.doNothing())
        .returning('signerId')
        .executeTakeFirst();
      // Unreachable while the row lock holds; the primary key is the last word on "one vote per signer".
      if (!cast) throw refusalError({ code: 409, key: outcome.vote === 'approve' ? 'api.alreadyApproved' : 'api.alreadyDenied' });
    }
    let txHash: string | null = null;
    if (action === 'confirm') {
      const chain = await trx.selectFrom('chain').select('family').where('chainId', '=', proposal.chainId).executeTakeFirstOrThrow();
      txHash = simulatedTxHash(chain.family);
      await executeTransfer(trx, { ...proposal, currencyId: proposal.currencyId!, proposalId: proposal.id, reason: 'proposal' }, destinationId, txHash, now);
    }
    const updated = await trx
      .updateTable('proposal')
      .set({ status: outcome.status, updatedAt: now, ...(txHash ? { txHash, executedAt: now } : {}) })
      .where('id', '=', proposal.id)
      .where('status', '=', facts.status)
      .executeTakeFirst();
    // Same: the status we decided on must still be the stored one, or nothing is written.
    if (Number(updated.numUpdatedRows) !== 1) throw refusalError({ code: 409, key: 'api.conflict' });
    await trx.insertInto('signLog').values({ proposalId: proposal.id, action, actorId: caller.userId, comment: body.comment, createdAt: now }).execute();
    return null;
  });
  if (expiredRefusal) throw refusalError(expiredRefusal);
  return proposalDetail(db, caller, body.proposalId, now);
}
