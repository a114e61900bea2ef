import { sql, type InferResult } from 'kysely';
import type { Db } from '../../db/database';
import { keysetSorts, newestFirst, paginate, prefixPattern } from '../../http/pagination';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ServerContext } from '../../http/serverContext';
import { sendListExport } from '../../http/listExport';
import { auditLogExport } from '../../../src/contract/exports';
import { orgVisibleTo } from '../../http/tenancy';
import { notFound } from '../../http/apiError';
import type { Caller } from '../../http/caller';
import type { ListResult } from '../../../src/contract/envelope';
import { optionalProposalReference } from '../../../src/contract/proposalReference';
import { proposalStep } from '../../../src/contract/audit';
import type { AuditEventRecord, AuditLogListQuery, AuditValues, AuditVerifyResult } from '../../../src/contract/schemas/auditLog';

/**
 * Events in the caller's reach: the operator row sees all (the platform's own events have no
 * org); anyone else sees the events of the orgs its tenancy reaches — a manager their org, an
 * agent manager also its merchants' (docs/DECISIONS.md "Audit trail").
 */
const scoped = (db: Db, caller: Caller) =>
  db
    .selectFrom('auditEvent')
    .leftJoin('org', 'org.id', 'auditEvent.orgId')
    .leftJoin('appUser as actor', 'actor.id', 'auditEvent.actorId')
    // A proposal's events (its own and its votes', keyed "proposal:signer") name it as every screen does: wallet and nonce.
    .leftJoin('proposal as auditProposal', (join) =>
      join.on(
        sql<boolean>`audit_proposal.id = case when audit_event.entity in ('proposal', 'proposalVote') then split_part(audit_event.entity_id, ':', 1)::integer end`,
      ),
    )
    .leftJoin('chainWallet as auditWallet', 'auditWallet.id', 'auditProposal.walletId')
    .where(orgVisibleTo(caller, 'audit_event.org_id'));

const columns = [
  'auditEvent.id',
  'auditEvent.createdAt',
  'auditEvent.actorId',
  'auditEvent.actorAccount',
  'actor.userName as actorName',
  'auditEvent.orgId',
  'org.name as orgName',
  'auditEvent.action',
  'auditEvent.entity',
  'auditEvent.entityId',
  'auditEvent.before',
  'auditEvent.after',
  'auditEvent.clientAddress',
  'auditEvent.userAgent',
  'auditEvent.requestId',
  'auditEvent.route',
  'auditProposal.id as proposalId',
  'auditProposal.nonce as proposalNonce',
  'auditWallet.label as proposalWalletLabel',
] as const;

/** Column names as the API names fields: `withdraw_fee` → `withdrawFee`. */
const camel = (values: Record<string, unknown> | null): AuditValues | null =>
  values === null
    ? null
    : Object.fromEntries(
        Object.entries(values).map(([key, value]) => [key.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase()), value]),
      );

/** A selected row, typed by the query itself. */
type Row = InferResult<ReturnType<typeof selected>>[number];
const selected = (db: Db, caller: Caller) => scoped(db, caller).select(columns);
const toRecord = ({ proposalNonce, proposalWalletLabel, ...row }: Row): AuditEventRecord => {
  const after = camel(row.after);
  return {
    ...row,
    createdAt: new Date(row.createdAt).toISOString(),
    before: camel(row.before),
    after,
    proposal: optionalProposalReference(proposalWalletLabel, proposalNonce),
    proposalStep: proposalStep(row.entity, row.action, after),
  };
};

/** The events a list or export selects, their page shape, and a row as the API words it. */
export function auditEventSource(db: Db, caller: Caller, query: AuditLogListQuery) {
  let filtered = scoped(db, caller);
  if (query.actorId !== undefined) filtered = filtered.where('auditEvent.actorId', '=', query.actorId);
  if (query.actor) filtered = filtered.where(sql`lower(audit_event.actor_account)`, 'like', prefixPattern(query.actor.toLowerCase()));
  if (query.action) filtered = filtered.where('auditEvent.action', '=', query.action);
  if (query.entity) filtered = filtered.where('auditEvent.entity', '=', query.entity);
  if (query.entityId) filtered = filtered.where('auditEvent.entityId', '=', query.entityId);
  if (query.orgId !== undefined) filtered = filtered.where('auditEvent.orgId', '=', query.orgId);
  if (query.dateFrom) filtered = filtered.where('auditEvent.createdAt', '>=', new Date(query.dateFrom));
  if (query.dateTo) filtered = filtered.where('auditEvent.createdAt', '<', new Date(query.dateTo));
  if (query.ids) filtered = filtered.where('auditEvent.id', 'in', query.ids);
  const options = {
    select: (qb: typeof filtered) => qb.select(columns),
    ...keysetSorts('audit_event', ['id', 'createdAt']),
    defaultSort: 'id',
    tieBreaker: 'audit_event.id',
    // Grows with every action: counted apart (server/http/pagination.ts `countApart`).
    countApart: true,
  };
  return {
    filtered,
    options,
    transform: toRecord,
  };
}

/** GET /sys/audit-log/list: newest first unless sorted otherwise. */
export async function listAuditEvents(db: Db, caller: Caller, query: AuditLogListQuery): Promise<ListResult<AuditEventRecord>> {
  const { filtered, options } = auditEventSource(db, caller, query);
  const page = await paginate(filtered, { ...query, ...newestFirst(query) }, options);
  return { ...page, list: page.list.map(toRecord) };
}

/** The whole filtered audit trail as CSV, newest first unless sorted. */
export async function exportAuditEvents(
  context: Pick<ServerContext, 'messages' | 'reader'>,
  { caller, query, request, reply }: { caller: Caller; query: AuditLogListQuery; request: FastifyRequest; reply: FastifyReply },
) {
  const source = auditEventSource(context.reader, caller, query);
  return sendListExport(context, request, reply, { ...source, sort: newestFirst(query), view: auditLogExport, name: 'audit-log' });
}

/** GET /sys/audit-log/detail: one event in reach, else 404 (another org's event is not found). */
export async function auditEventDetail(db: Db, caller: Caller, id: number): Promise<AuditEventRecord> {
  const row = await selected(db, caller).where('auditEvent.id', '=', id).executeTakeFirst();
  if (!row) throw notFound('Audit event');
  return toRecord(row);
}

/** An event still unsealed after this long is a finding: the sequencer is not running (docs/ledger.md "Sealing the audit chain"). */
export const UNSEALED_BOUND_MS = 60_000;

/**
 * GET /sys/audit/verify: every sealed event's hash recomputed from its content and its
 * predecessor's hash, in the chain's order (`seq`); the first that does not match names where the
 * trail was changed (an edited row) or cut (the row after a removed one). An unsealed event's hash
 * is its content's digest: one that no longer matches was edited before sealing, and is named as
 * well. Events unsealed longer than UNSEALED_BOUND_MS are named too. The head (last position and
 * hash) is what the instances log (`audit chain head`): a whole chain rewritten in the database
 * no longer passes through a logged head.
 */
export async function verifyAuditChain(db: Db, now: Date): Promise<AuditVerifyResult> {
  const bound = new Date(now.getTime() - UNSEALED_BOUND_MS);
  const { rows } = await sql<{
    checked: number;
    brokenId: number | null;
    brokenAt: Date | null;
    unsealed: number;
    staleId: number | null;
    staleAt: Date | null;
    stale: number;
    headSeq: number | null;
    headHash: string | null;
  }>`
    with chain as (
      select id, seq, created_at, hash, prev_hash, audit_event_digest(e) as digest, lag(hash) over (order by seq) as previous
      from audit_event e where seq is not null
    ), unsealed as (
      select id, created_at, hash <> audit_event_digest(e) as altered from audit_event e where seq is null
    ), broken as (
      (select id, created_at, 0 as rank, seq as position from chain
        where prev_hash is distinct from coalesce(previous, repeat('0', 64)) or hash <> digest
        order by seq limit 1)
      union all
      (select id, created_at, 1, id from unsealed where altered order by id limit 1)
      order by rank, position limit 1
    ), stale as (
      select id, created_at, count(*) over () as n from unsealed where created_at < ${bound} order by id limit 1
    ), head as (
      select seq, hash from chain order by seq desc limit 1
    )
    select (select count(*)::int from chain) + (select count(*)::int from unsealed) as checked,
      (select id from broken)::integer as "brokenId", (select created_at from broken) as "brokenAt",
      (select count(*)::int from unsealed) as unsealed,
      (select id from stale)::integer as "staleId", (select created_at from stale) as "staleAt", coalesce((select n from stale), 0)::int as stale,
      (select seq from head)::bigint as "headSeq", (select hash from head) as "headHash"`.execute(db);
  const [result] = rows;
  return {
    intact: result.brokenId === null && result.staleId === null,
    checked: result.checked,
    firstBroken: result.brokenId === null ? null : { id: result.brokenId, createdAt: new Date(result.brokenAt!).toISOString() },
    unsealed: result.unsealed,
    staleUnsealed:
      result.staleId === null ? null : { id: result.staleId, createdAt: new Date(result.staleAt!).toISOString(), count: result.stale },
    head: result.headSeq === null ? null : { seq: Number(result.headSeq), hash: result.headHash! },
    asOf: now.toISOString(),
  };
}
