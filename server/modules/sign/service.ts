import { sql, type Transaction } from 'kysely';
import type { Db } from '../../db/database';
import type { Database } from '../../db/schema';
import { ApiError, badRequest, forbidden } from '../../http/apiError';
import { paginate } from '../../http/pagination';
import { orgVisibleTo } from '../../http/tenancy';
import type { Caller } from '../../http/caller';
import { BodyCode, type ListResult } from '../../../src/contract/envelope';
import { canRoleDo, masks } from '../../../src/access';
import { checkAddress, type ChainFamily } from '../../../src/contract/address';
import { amountProblem } from '../../../src/contract/money';
import { isColdKind, isMultiSigKind, type ProposalStatus } from '../../../src/contract/contractKinds';
import { availableActions, decide, type ProposalAction, type ProposalFacts } from '../../../src/contract/proposalMachine';
import type {
  ProposalDetail,
  ProposalRecord,
  SignActionBody,
  SignListQuery,
  SignLogListQuery,
  SignLogRecord,
  SignStartBody,
  SignVoteRecord,
} from '../../../src/contract/schemas/sign';
import { executeTransfer, simulatedTxHash } from './execution';

type Trx = Transaction<Database>;
type Reader = Db | Trx;

const OPEN: ProposalStatus[] = ['pending', 'approved'];
const proposalNotFound = () => new ApiError(BodyCode.notFound, 'api.proposalNotFound');

/**
 * Proposals past their time to live become `expired`, with an 'expire' log entry,
 * before anything reads or acts on them: lists, details and actions agree.
 */
export async function expireOverdue(trx: Trx, now: Date): Promise<void> {
  const expired = await trx
    .updateTable('proposal')
    .set({ status: 'expired', updatedAt: now })
    .where('status', 'in', OPEN)
    .where('expiresAt', '<=', now)
    .returning('id')
    .execute();
  if (expired.length > 0) {
    await trx.insertInto('signLog').values(expired.map(({ id }) => ({ proposalId: id, action: 'expire', actorId: null, comment: '', createdAt: now }))).execute();
  }
}

/** Every proposal column plus what the queue needs: approval count, wallet, and the lowest open nonce. */
const proposalRows = (db: Reader, caller: Caller) =>
  db
    .selectFrom('proposal')
    .innerJoin('chainWallet', 'chainWallet.id', 'proposal.walletId')
    .innerJoin('appUser as proposer', 'proposer.id', 'proposal.proposerId')
    .where(orgVisibleTo(caller, 'proposal.org_id'));

const proposalSelect = [
  'proposal.id',
  'proposal.id as proposalId',
  'proposal.walletId',
  'chainWallet.label as walletLabel',
  'chainWallet.kind as walletKind',
  'proposal.chainId',
  'proposal.orgId',
  'proposal.kind',
  'proposal.toAddress as to',
  'proposal.amount',
  'proposal.symbol',
  'proposal.memo',
  'proposal.nonce',
  'proposal.status',
  'proposal.threshold',
  'proposer.account as proposer',
  'proposal.txHash',
  'proposal.createdAt',
  'proposal.updatedAt',
  'proposal.expiresAt',
  'proposal.executedAt',
  sql<number>`(select count(*)::int from proposal_vote v where v.proposal_id = proposal.id and v.vote = 'approve')`.as('approvalCount'),
  sql<number | null>`(select min(o.nonce) from proposal o where o.wallet_id = proposal.wallet_id and o.status in ('pending', 'approved'))`.as('lowestOpen'),
] as const;

type Row = Omit<ProposalRecord, 'isNext' | 'blockedByNonce'> & { lowestOpen: number | null };

const toRecord = ({ lowestOpen, ...row }: Row): ProposalRecord => {
  const open = OPEN.includes(row.status as ProposalStatus);
  return {
    ...row,
    isNext: open && lowestOpen === row.nonce,
    blockedByNonce: open && lowestOpen !== null && lowestOpen < row.nonce ? lowestOpen : null,
  };
};

export async function listProposals(db: Db, caller: Caller, query: SignListQuery, now: Date, onlyKind?: string): Promise<ListResult<ProposalRecord>> {
  await db.transaction().execute((trx) => expireOverdue(trx, now));
  let filtered = proposalRows(db, caller);
  const kind = onlyKind ?? query.kind;
  if (kind) filtered = filtered.where('proposal.kind', '=', kind);
  if (query.status) filtered = filtered.where('proposal.status', '=', query.status);
  if (query.state) filtered = filtered.where('proposal.status', query.state === 'open' ? 'in' : 'not in', OPEN);
  if (query.walletId) filtered = filtered.where('proposal.walletId', '=', query.walletId);
  if (query.chainId) filtered = filtered.where('proposal.chainId', '=', query.chainId);
  if (query.dateFrom) filtered = filtered.where('proposal.createdAt', '>=', new Date(query.dateFrom));
  if (query.dateTo) filtered = filtered.where('proposal.createdAt', '<=', new Date(query.dateTo));
  if (query.ids) filtered = filtered.where('proposal.id', 'in', query.ids);
  if (query.waitingForMe) {
    filtered = filtered
      .where('proposal.status', '=', 'pending')
      .where(sql<boolean>`exists (select 1 from wallet_signer s where s.wallet_id = proposal.wallet_id and s.user_id = ${caller.userId})`)
      .where(sql<boolean>`not exists (select 1 from proposal_vote v where v.proposal_id = proposal.id and v.signer_id = ${caller.userId})`);
  }
  const page = await paginate(filtered, query, {
    select: (qb) => qb.select(proposalSelect),
    sortColumns: { id: 'proposal.id', nonce: 'proposal.nonce', status: 'proposal.status', kind: 'proposal.kind', amount: 'proposal.amount', createdAt: 'proposal.created_at', updatedAt: 'proposal.updated_at' },
    defaultSort: 'id',
    tieBreaker: 'proposal.id',
  });
  return { list: (page.list as unknown as Row[]).map(toRecord), count: page.count };
}

async function findProposal(db: Reader, caller: Caller, id: number, lock = false): Promise<ProposalRecord> {
  let query = proposalRows(db, caller).select(proposalSelect).where('proposal.id', '=', id);
  if (lock) query = query.forUpdate('proposal' as never);
  const row = await query.executeTakeFirst();
  if (!row) throw proposalNotFound();
  return toRecord(row as unknown as Row);
}

async function votesAndSigners(db: Reader, proposalId: number, walletId: number) {
  const votes = await db
    .selectFrom('proposalVote')
    .innerJoin('appUser', 'appUser.id', 'proposalVote.signerId')
    .select(['proposalVote.signerId', 'appUser.account', 'appUser.userName', 'proposalVote.createdAt as time', 'proposalVote.comment', 'proposalVote.vote'])
    .where('proposalVote.proposalId', '=', proposalId)
    .orderBy('proposalVote.createdAt')
    .execute();
  const signers = await db
    .selectFrom('walletSigner')
    .innerJoin('appUser', 'appUser.id', 'walletSigner.userId')
    .select(['appUser.id as userId', 'appUser.account', 'appUser.userName'])
    .where('walletSigner.walletId', '=', walletId)
    .orderBy('walletSigner.position')
    .execute();
  return { votes, signers };
}

const factsFor = (proposal: ProposalRecord, userId: number, signerIds: number[], approverIds: number[], now: Date): ProposalFacts => ({
  status: proposal.status as ProposalStatus,
  expired: new Date(proposal.expiresAt).getTime() <= now.getTime(),
  isSigner: signerIds.includes(userId),
  hasApproved: approverIds.includes(userId),
  approvals: proposal.approvalCount,
  threshold: proposal.threshold,
  lowerOpenNonce: proposal.blockedByNonce,
});

export async function proposalDetail(db: Db, caller: Caller, id: number, now: Date): Promise<ProposalDetail> {
  await db.transaction().execute((trx) => expireOverdue(trx, now));
  const proposal = await findProposal(db, caller, id);
  const { votes, signers } = await votesAndSigners(db, id, proposal.walletId);
  const chain = await db.selectFrom('chain').select('explorerUrl').where('chainId', '=', proposal.chainId).executeTakeFirst();
  const toVote = ({ signerId, account, userName, time, comment }: (typeof votes)[number]): SignVoteRecord => ({ signerId, account, userName, time: String(time), comment });
  const approvals = votes.filter((v) => v.vote === 'approve');
  const denials = votes.filter((v) => v.vote === 'deny');
  const facts = factsFor(proposal, caller.userId, signers.map((s) => s.userId), approvals.map((v) => v.signerId), now);
  return {
    ...proposal,
    explorerUrl: chain?.explorerUrl ?? '',
    approvals: approvals.map(toVote),
    denials: denials.map(toVote),
    signers: signers.map((s) => ({
      ...s,
      state: denials.some((d) => d.signerId === s.userId) ? 'denied' : approvals.some((a) => a.signerId === s.userId) ? 'approved' : 'waiting',
    })),
    myActions: availableActions(facts),
  };
}

/**
 * Who may start (issue "Multisig proposals"): anything out of a cold wallet needs
 * coldAdmins, whatever its kind; out of other wallets a transfer needs allowTransfer.
 * So a pro manager moves cold funds, and pro finance transfers from hot wallets.
 */
function assertMayStart(caller: Caller, kind: string, walletKind: string): void {
  if (isColdKind(walletKind)) {
    if (!canRoleDo(caller.roleIndex, masks.coldAdmins)) throw forbidden('api.coldProposalForbidden');
    return;
  }
  if (kind === 'transfer' && !canRoleDo(caller.roleIndex, masks.allowTransfer)) throw forbidden('api.transferNotAllowed');
}

export async function startProposal(db: Db, caller: Caller, body: SignStartBody, now: Date, ttlHours: number): Promise<{ proposalId: number; nonce: number; status: string }> {
  return db.transaction().execute(async (trx) => {
    // The wallet row lock serialises nonces and balance checks of one wallet.
    const wallet = await trx
      .selectFrom('chainWallet')
      .innerJoin('chain', 'chain.chainId', 'chainWallet.chainId')
      .select(['chainWallet.id', 'chainWallet.chainId', 'chainWallet.orgId', 'chainWallet.kind', 'chainWallet.threshold', 'chain.family'])
      .where('chainWallet.id', '=', body.walletId)
      .where(orgVisibleTo(caller, 'chain_wallet.org_id'))
      .forUpdate('chainWallet' as never)
      .executeTakeFirst();
    if (!wallet) throw new ApiError(BodyCode.notFound, 'api.walletNotFound');
    if (!isMultiSigKind(wallet.kind) || !wallet.threshold) throw badRequest({ walletId: { key: 'validation.notMultisig' } });
    assertMayStart(caller, body.kind, wallet.kind);

    const currency = await trx.selectFrom('currency').select(['id', 'decimals']).where('chainId', '=', wallet.chainId).where('symbol', '=', body.symbol).executeTakeFirst();
    if (!currency) throw badRequest({ symbol: { key: 'validation.unknownReference' } });
    const amountIssue = amountProblem(body.amount, { decimals: currency.decimals });
    if (amountIssue) throw badRequest({ amount: amountIssue });
    const to = checkAddress(wallet.family as ChainFamily, body.to);
    if (!to.ok) throw badRequest({ to: to.problem });
    const balance = await trx.selectFrom('walletBalance').select('amount').where('walletId', '=', wallet.id).where('currencyId', '=', currency.id).executeTakeFirst();
    const enough = await trx.selectNoFrom(sql<boolean>`${balance?.amount ?? '0'}::numeric >= ${body.amount}::numeric`.as('enough')).executeTakeFirstOrThrow();
    if (!enough.enough) throw badRequest({ amount: { key: 'validation.insufficientBalance', params: { balance: balance?.amount ?? '0' } } });

    const last = await trx.selectFrom('proposal').select(sql<number>`coalesce(max(nonce), 0)`.as('nonce')).where('walletId', '=', wallet.id).executeTakeFirstOrThrow();
    const nonce = Number(last.nonce) + 1;
    const isSigner = Boolean(await trx.selectFrom('walletSigner').select('userId').where('walletId', '=', wallet.id).where('userId', '=', caller.userId).executeTakeFirst());
    const status: ProposalStatus = isSigner && wallet.threshold <= 1 ? 'approved' : 'pending';
    const { id } = await trx
      .insertInto('proposal')
      .values({
        walletId: wallet.id,
        chainId: wallet.chainId,
        orgId: wallet.orgId,
        kind: body.kind,
        toAddress: to.address,
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
        expiresAt: new Date(now.getTime() + ttlHours * 3_600_000),
        executedAt: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx.insertInto('signLog').values({ proposalId: id, action: 'start', actorId: caller.userId, comment: body.memo, createdAt: now }).execute();
    // SPEC B5: a proposer who is a signer has approved by starting.
    if (isSigner) await trx.insertInto('proposalVote').values({ proposalId: id, signerId: caller.userId, vote: 'approve', comment: '', createdAt: now }).execute();
    return { proposalId: id, nonce, status };
  });
}

/**
 * approval / deny / confirm, exactly once: one transaction that locks the proposal
 * row (and, to execute, its wallet row), re-reads the state, and applies the machine.
 */
export async function actOnProposal(db: Db, caller: Caller, action: ProposalAction, body: SignActionBody, now: Date): Promise<ProposalDetail> {
  const expiredRefusal = await db.transaction().execute(async (trx) => {
    const proposal = await findProposal(trx, caller, body.proposalId, true);
    const { votes, signers } = await votesAndSigners(trx, proposal.id, proposal.walletId);
    const approverIds = votes.filter((v) => v.vote === 'approve').map((v) => v.signerId);
    const outcome = decide(action, factsFor(proposal, caller.userId, signers.map((s) => s.userId), approverIds, now));
    if (!outcome.ok) {
      // An overdue proposal is marked expired (committed) before the refusal is answered.
      if (outcome.expire) {
        await expireOverdue(trx, now);
        return outcome.refusal;
      }
      throw new ApiError(outcome.refusal.code, outcome.refusal.key, { params: outcome.refusal.params });
    }
    if (outcome.countsApproval || action === 'deny') {
      await trx.insertInto('proposalVote').values({ proposalId: proposal.id, signerId: caller.userId, vote: action === 'deny' ? 'deny' : 'approve', comment: body.comment, createdAt: now }).execute();
    }
    let txHash: string | null = null;
    if (action === 'confirm') {
      const wallet = await trx
        .selectFrom('chainWallet')
        .innerJoin('chain', 'chain.chainId', 'chainWallet.chainId')
        .select(['chain.family'])
        .where('chainWallet.id', '=', proposal.walletId)
        .forUpdate('chainWallet' as never)
        .executeTakeFirstOrThrow();
      txHash = simulatedTxHash(wallet.family);
      const stored = await trx.selectFrom('proposal').select(['currencyId', 'toAddress']).where('id', '=', proposal.id).executeTakeFirstOrThrow();
      await executeTransfer(trx, { ...proposal, currencyId: stored.currencyId!, toAddress: stored.toAddress }, txHash);
    }
    await trx
      .updateTable('proposal')
      .set({ status: outcome.status, updatedAt: now, ...(txHash ? { txHash, executedAt: now } : {}) })
      .where('id', '=', proposal.id)
      .execute();
    await trx.insertInto('signLog').values({ proposalId: proposal.id, action, actorId: caller.userId, comment: body.comment, createdAt: now }).execute();
    return null;
  });
  if (expiredRefusal) throw new ApiError(expiredRefusal.code, expiredRefusal.key, { params: expiredRefusal.params });
  return proposalDetail(db, caller, body.proposalId, now);
}

export async function listSignLogs(db: Db, caller: Caller, query: SignLogListQuery): Promise<ListResult<SignLogRecord>> {
  let filtered = db
    .selectFrom('signLog')
    .innerJoin('proposal', 'proposal.id', 'signLog.proposalId')
    .leftJoin('appUser', 'appUser.id', 'signLog.actorId')
    .where(orgVisibleTo(caller, 'proposal.org_id'));
  if (query.proposalId) filtered = filtered.where('signLog.proposalId', '=', query.proposalId);
  if (query.actor) filtered = filtered.where('appUser.account', '=', query.actor);
  if (query.action) filtered = filtered.where('signLog.action', '=', query.action);
  if (query.dateFrom) filtered = filtered.where('signLog.createdAt', '>=', new Date(query.dateFrom));
  if (query.dateTo) filtered = filtered.where('signLog.createdAt', '<=', new Date(query.dateTo));
  const page = await paginate(filtered, query, {
    select: (qb) => qb.select(['signLog.id', 'signLog.proposalId', 'signLog.action', 'appUser.account as actor', 'signLog.comment', 'signLog.createdAt']),
    sortColumns: { id: 'sign_log.id', createdAt: 'sign_log.created_at' },
    defaultSort: 'id',
    tieBreaker: 'sign_log.id',
  });
  return page as unknown as ListResult<SignLogRecord>;
}
