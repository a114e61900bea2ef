import { sql, type Transaction } from 'kysely';
import { decimalText } from '../../db/decimalText';
import { formatEther } from 'viem';
import { signingWithLower } from '../outflow/safeProposal';
import type { Db } from '../../db/database';
import type { Database } from '../../db/schema';
import { ApiError } from '../../http/apiError';
import { countQuery, keysetSorts, pageQuery, paginate } from '../../http/pagination';
import { QueryShapes, slot } from '../../db/queryShapes';
import { orgVisibleTo } from '../../http/tenancy';
import { userColumns, type Caller } from '../../http/caller';
import { BodyCode, type ListResult } from '../../../src/contract/envelope';
import type { ProposalStatus } from '../../../src/contract/contractKinds';
import { availableActions, isOpenStatus } from '../../../src/contract/proposalMachine';
import type {
  ProposalDetailInput,
  ProposalRecordInput,
  SignListQuery,
  SignLogListQuery,
  SignLogListRecordInput,
  SignLogRecordInput,
  SignVoteRecord,
} from '../../../src/contract/schemas/sign';
import { effectiveStatusSql, lowestOpenNonceSql } from '../outflow/expiry';

type Reader = Db | Transaction<Database>;

export const proposalNotFound = () => new ApiError(BodyCode.notFound, 'api.proposalNotFound');

/** Proposals the caller may see (docs/roles-and-routes.md): another tenant's proposal does not exist for them. */
const visibleProposals = (db: Reader, caller: Caller) =>
  db
    .selectFrom('proposal')
    .innerJoin('chainWallet', 'chainWallet.id', 'proposal.walletId')
    .innerJoin('appUser as proposer', 'proposer.id', 'proposal.proposerId')
    .leftJoin('paymentOrder', 'paymentOrder.id', 'proposal.orderId')
    .where(orgVisibleTo(caller, 'proposal.org_id'));

/** Every column a row shows, with the status as of `now` and what the queue needs. */
const proposalColumns = (now: Date) =>
  [
    'proposal.id',
    'proposal.id as proposalId',
    'proposal.walletId',
    'chainWallet.label as walletLabel',
    'chainWallet.kind as walletKind',
    'chainWallet.address as walletAddress',
    'proposal.chainId',
    'proposal.orgId',
    'proposal.kind',
    'proposal.toAddress as to',
    'proposal.amount',
    'proposal.symbol',
    decimalText('proposal.fee', 'fee'),
    'proposal.memo',
    'paymentOrder.orderNo',
    'proposal.nonce',
    effectiveStatusSql(now).as('status'),
    'proposal.threshold',
    'proposal.newThreshold',
    'proposal.newSigners',
    'proposal.supersededBy',
    sql<number | null>`(select s.nonce from proposal s where s.id = proposal.superseded_by)`.as('supersededByNonce'),
    'proposer.account as proposer',
    'proposal.txHash',
    'proposal.createdAt',
    'proposal.updatedAt',
    'proposal.expiresAt',
    'proposal.executedAt',
    sql<number>`(select count(*)::int from proposal_vote v where v.proposal_id = proposal.id and v.vote = 'approve')`.as('approvalCount'),
    lowestOpenNonceSql(now).as('lowestOpen'),
  ] as const;

type Row = Omit<ProposalRecordInput, 'isNext' | 'blockedByNonce'> & { lowestOpen: number | null };

const toRecord = ({ lowestOpen, ...row }: Row): ProposalRecordInput => {
  const open = isOpenStatus(row.status);
  return {
    ...row,
    isNext: open && lowestOpen === row.nonce,
    blockedByNonce: open && lowestOpen !== null && lowestOpen < row.nonce ? lowestOpen : null,
  };
};

/** The queue's filters with their values, or slots in a shape built once (server/db/queryShapes.ts). */
interface ProposalFilters {
  kind?: SignListQuery['kind'];
  status?: SignListQuery['status'];
  state?: SignListQuery['state'];
  walletId?: number;
  chainId?: number;
  dateFrom?: Date;
  dateTo?: Date;
  ids?: number[];
  waitingForMe?: boolean;
}

function filteredProposals(db: Db, caller: Caller, filters: ProposalFilters, now: Date) {
  const status = effectiveStatusSql(now);
  let filtered = visibleProposals(db, caller);
  if (filters.kind) filtered = filtered.where('proposal.kind', '=', filters.kind);
  if (filters.status) filtered = filtered.where(status, '=', filters.status);
  if (filters.state) filtered = filtered.where(status, filters.state === 'open' ? 'in' : 'not in', ['pending', 'approved']);
  if (filters.walletId) filtered = filtered.where('proposal.walletId', '=', filters.walletId);
  if (filters.chainId) filtered = filtered.where('proposal.chainId', '=', filters.chainId);
  if (filters.dateFrom) filtered = filtered.where('proposal.createdAt', '>=', filters.dateFrom);
  if (filters.dateTo) filtered = filtered.where('proposal.createdAt', '<=', filters.dateTo);
  if (filters.ids) filtered = filtered.where('proposal.id', 'in', filters.ids);
  if (filters.waitingForMe) {
    // Pending, I am one of its (frozen) signers, and I have neither approved nor denied it.
    filtered = filtered
      .where(status, '=', 'pending')
      .where(sql<boolean>`exists (select 1 from proposal_signer s where s.proposal_id = proposal.id and s.user_id = ${caller.userId})`)
      .where(sql<boolean>`not exists (select 1 from proposal_vote v where v.proposal_id = proposal.id and v.signer_id = ${caller.userId})`);
  }
  return filtered;
}

const pageOptions = (now: Date) => ({
  select: (qb: ReturnType<typeof filteredProposals>) => qb.select(proposalColumns(now)),
  sortColumns: {
    id: 'proposal.id',
    proposalId: 'proposal.id',
    nonce: 'proposal.nonce',
    status: 'proposal.status',
    kind: 'proposal.kind',
    amount: 'proposal.amount',
    createdAt: 'proposal.created_at',
    updatedAt: 'proposal.updated_at',
  },
  defaultSort: 'id',
  tieBreaker: 'proposal.id',
  // Grows with every withdrawal and transfer: counted apart (server/http/pagination.ts `countApart`).
  countApart: true,
});

/** The queue's query shapes (docs/SCALING.md "The request path"): the page and its count, compiled once per shape. */
const listShapes = new QueryShapes();

/** GET /sys/sign/list and /sys/sign/list/transferProposal (whose query always names a movement kind). */
export async function listProposals(db: Db, caller: Caller, query: SignListQuery, now: Date): Promise<ListResult<ProposalRecordInput>> {
  const filters: ProposalFilters = {
    ...query,
    dateFrom: query.dateFrom ? new Date(query.dateFrom) : undefined,
    dateTo: query.dateTo ? new Date(query.dateTo) : undefined,
  };
  // A list of ids (a screen's getMany) changes the text with its length: built as it comes.
  if (filters.ids) {
    const page = await paginate(filteredProposals(db, caller, filters, now), query, pageOptions(now));
    return { list: page.list.map(toRecord), count: page.count };
  }
  // What changes the SQL text: the filters set (their values do not), the sort and the caller's kind of tenant.
  const set = (name: keyof ProposalFilters) => (filters[name] ? slot<never>(name) : undefined);
  const key = JSON.stringify([
    caller.org.tenantType,
    query.state ?? null,
    query.waitingForMe === true,
    query.sort ?? null,
    query.order,
    ...(['kind', 'status', 'walletId', 'chainId', 'dateFrom', 'dateTo'] as const).map((name) => Boolean(filters[name])),
  ]);
  const { count, page } = listShapes.bound(
    db,
    key,
    () => {
      const template: Caller = { ...caller, userId: slot('userId'), org: { ...caller.org, orgId: slot('orgId') } };
      const filtered = filteredProposals(
        db,
        template,
        {
          kind: set('kind'),
          status: set('status'),
          state: query.state,
          walletId: set('walletId'),
          chainId: set('chainId'),
          dateFrom: set('dateFrom'),
          dateTo: set('dateTo'),
          waitingForMe: query.waitingForMe,
        },
        slot('now'),
      );
      const request = { ...query, pageSize: slot<number>('limit'), offset: slot<number>('offset') };
      return { count: countQuery(filtered), page: pageQuery(filtered, request, pageOptions(slot('now'))) };
    },
    {
      ...filters,
      userId: caller.userId,
      orgId: caller.org.orgId,
      now,
      limit: query.pageSize,
      offset: (query.page - 1) * query.pageSize,
    },
  );
  const counted = (await db.executeQuery(count)).rows[0] as { count?: number } | undefined;
  const rows = (await db.executeQuery(page)).rows;
  return { list: rows.map(toRecord), count: Number(counted?.count ?? 0) };
}

/** GET /sys/sign/detail: the proposal, its votes, each signer's state, and what the caller may press. */
export async function proposalDetail(db: Db, caller: Caller, id: number, now: Date): Promise<ProposalDetailInput> {
  const row = await visibleProposals(db, caller)
    .select(proposalColumns(now))
    .select(['proposal.policy', 'proposal.safeTx', 'proposal.chainExecution'])
    .where('proposal.id', '=', id)
    .executeTakeFirst();
  if (!row) throw proposalNotFound();
  const { safeTx, chainExecution, ...rest } = row;
  const proposal = toRecord(rest);
  const votes = await db
    .selectFrom('proposalVote')
    .innerJoin('appUser', 'appUser.id', 'proposalVote.signerId')
    .select([
      'proposalVote.signerId',
      'appUser.account',
      'appUser.userName',
      'proposalVote.createdAt',
      'proposalVote.comment',
      'proposalVote.vote',
      'proposalVote.signerAddress',
    ])
    .where('proposalVote.proposalId', '=', id)
    .orderBy('proposalVote.createdAt')
    .orderBy('proposalVote.vote')
    .execute();
  // The signer set frozen at start: the people who may act on this proposal.
  const signers = await db
    .selectFrom('proposalSigner')
    .innerJoin('appUser', 'appUser.id', 'proposalSigner.userId')
    .leftJoin('membership', (join) =>
      join.onRef('membership.userId', '=', 'proposalSigner.userId').on('membership.orgId', '=', proposal.orgId),
    )
    .select([...userColumns, 'membership.userId as memberId'])
    .where('proposalSigner.proposalId', '=', id)
    .orderBy('proposalSigner.position')
    .execute();
  const newSigners = proposal.newSigners ?? [];
  const newSignerRows = newSigners.length
    ? await db.selectFrom('appUser').select(['id as userId', 'account', 'userName']).where('id', 'in', newSigners).execute()
    : [];
  const chain = await db
    .selectFrom('chain')
    .select(['explorerUrl', 'symbol', 'family'])
    .where('chainId', '=', proposal.chainId)
    .executeTakeFirst();
  const log = withExpiryEntry(proposal, await signLogRows(db).where('signLog.proposalId', '=', id).orderBy('signLog.id').execute());

  const signing = safeTx ? await signingWithLower(db, proposal.walletId, safeTx) : null;
  const toVote = (v: (typeof votes)[number]): SignVoteRecord => ({
    signerId: v.signerId,
    account: v.account,
    userName: v.userName,
    time: new Date(v.createdAt).toISOString(),
    comment: v.comment,
    // Who signed: the key each signature was checked against when it came (migration 031).
    signerAddress: signing ? v.signerAddress : null,
  });
  const approvals = votes.filter((v) => v.vote === 'approve');
  const denials = votes.filter((v) => v.vote === 'deny');
  const voted = (list: typeof votes, userId: number) => list.some((v) => v.signerId === userId);
  const myActions = availableActions({
    status: proposal.status as ProposalStatus,
    // `status` is already the status as of now: an overdue proposal reads as expired.
    expired: false,
    isSigner: signers.some((s) => s.userId === caller.userId && s.memberId !== null),
    hasApproved: voted(approvals, caller.userId),
    hasDenied: voted(denials, caller.userId),
    approvals: proposal.approvalCount,
    threshold: proposal.threshold,
    lowerOpenNonce: proposal.blockedByNonce,
  });
  // The approval that reached the threshold is when it became executable (later ones change nothing).
  const reaching = approvals.length >= proposal.threshold ? approvals[proposal.threshold - 1] : undefined;
  const execution = log.find((entry) => entry.action === 'confirm');
  return {
    ...proposal,
    explorerUrl: chain?.explorerUrl ?? '',
    family: chain?.family ?? 'evm',
    policy: row.policy,
    approvedAt: reaching ? new Date(reaching.createdAt).toISOString() : null,
    executedBy: execution?.actor ?? null,
    executedByName: execution?.actorName ?? null,
    log,
    approvals: approvals.map(toVote),
    denials: denials.map(toVote),
    signers: signers.map(({ memberId: _memberId, ...s }) => ({
      ...s,
      state: voted(denials, s.userId) ? 'denied' : voted(approvals, s.userId) ? 'approved' : 'waiting',
    })),
    newSignerList: proposal.newSigners ? newSigners.flatMap((userId) => newSignerRows.filter((u) => u.userId === userId)) : null,
    myActions,
    signing,
    chainExecution: chainExecution
      ? { ...chainExecution, fee: formatEther(BigInt(chainExecution.fee)), feeSymbol: chain?.symbol ?? '' }
      : null,
  };
}

/**
 * A proposal past its expiry reads as expired before the sweep (server/modules/sign/
 * expirySweeper.ts) has marked it; its log then shows the 'expire' entry the sweep will write,
 * dated at the expiry, so the detail never says "expired" without saying when.
 */
function withExpiryEntry(proposal: ProposalRecordInput, log: SignLogRecordInput[]): SignLogRecordInput[] {
  if (proposal.status !== 'expired' || log.some((entry) => entry.action === 'expire')) return log;
  return [
    ...log,
    { id: 0, proposalId: proposal.id, action: 'expire', actor: null, actorName: null, comment: '', createdAt: proposal.expiresAt },
  ];
}

/** What a sign log entry says: who (the actor's account and name, null for the system's own entries), what, when, why. */
const SIGN_LOG_COLUMNS = [
  'signLog.id',
  'signLog.proposalId',
  'signLog.action',
  'appUser.account as actor',
  'appUser.userName as actorName',
  'signLog.comment',
  'signLog.createdAt',
] as const;

/** Sign log entries with their actor (a proposal's detail reads its own log through this). */
const signLogWithActor = (db: Reader) => db.selectFrom('signLog').leftJoin('appUser', 'appUser.id', 'signLog.actorId');
const signLogRows = (db: Reader) => signLogWithActor(db).select(SIGN_LOG_COLUMNS);

/** The sign log entries in the caller's scope with the list's filters, and the page shape (the list and its export share them). */
export function signLogSource(db: Db, caller: Caller, query: SignLogListQuery) {
  let filtered = signLogWithActor(db)
    .innerJoin('proposal', 'proposal.id', 'signLog.proposalId')
    .innerJoin('chainWallet', 'chainWallet.id', 'proposal.walletId')
    .where(orgVisibleTo(caller, 'proposal.org_id'));
  if (query.proposalId) filtered = filtered.where('signLog.proposalId', '=', query.proposalId);
  if (query.walletId) filtered = filtered.where('proposal.walletId', '=', query.walletId);
  if (query.chainId) filtered = filtered.where('proposal.chainId', '=', query.chainId);
  if (query.actor) filtered = filtered.where('appUser.account', '=', query.actor);
  if (query.action) filtered = filtered.where('signLog.action', '=', query.action);
  if (query.dateFrom) filtered = filtered.where('signLog.createdAt', '>=', new Date(query.dateFrom));
  if (query.dateTo) filtered = filtered.where('signLog.createdAt', '<=', new Date(query.dateTo));
  const options = {
    select: (qb: typeof filtered) =>
      // The entry as the detail's log has it, and the proposal named by wallet and nonce.
      qb.select([
        ...SIGN_LOG_COLUMNS,
        'proposal.chainId',
        'proposal.walletId',
        'proposal.kind as proposalKind',
        'chainWallet.label as walletLabel',
        'proposal.nonce as proposalNonce',
      ]),
    ...keysetSorts('sign_log', ['id', 'createdAt']),
    defaultSort: 'id',
    tieBreaker: 'sign_log.id',
    // Grows with every vote on every proposal: counted apart (server/http/pagination.ts `countApart`).
    countApart: true,
  };
  return { filtered, options };
}

/** GET /sys/sign/log/list: every action on the proposals in the caller's scope, filtered. */
export async function listSignLogs(db: Db, caller: Caller, query: SignLogListQuery): Promise<ListResult<SignLogListRecordInput>> {
  const { filtered, options } = signLogSource(db, caller, query);
  return paginate(filtered, query, options);
}
