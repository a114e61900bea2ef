import type { InferResult } from 'kysely';
import type { z } from 'zod';
import type { Db } from '../../db/database';
import { containsPattern, paginate, sortByColumns } from '../../http/pagination';
import { orgVisibleTo } from '../../http/tenancy';
import { ApiError, notFound } from '../../http/apiError';
import type { Caller } from '../../http/caller';
import type { ServerContext } from '../../http/serverContext';
import { BodyCode, type ListResult } from '../../../src/contract/envelope';
import type { InvitationBody, InvitationListQuery, invitationRecord } from '../../../src/contract/schemas/invitation';
import { may } from '../../../src/access';
import { formatInvitationCode, maskInvitationCode, newInvitationCode } from './code';
import { INVITATION_COLUMNS, invitationStatus, invitationStatusSql, invitationsOfKind } from './status';

const DAY = 86_400_000;

/** Merchant invitations issued by an org the caller sees (for the agent row: its own agency's). */
const visibleInvitations = (db: Db, caller: Caller) =>
  invitationsOfKind(db, 'merchant')
    .innerJoin('org as issuer', 'issuer.id', 'invitation.issuerOrgId')
    .where(orgVisibleTo(caller, 'invitation.issuer_org_id'));

/** A merchant invitation always names the org to be and its tier (the columns are nullable for a member invitation). */
type MerchantInvitationColumns = { orgName: string; tenantType: number };

const columns = [
  ...INVITATION_COLUMNS,
  'invitation.orgName',
  'invitation.tenantType',
  'invitation.issuerOrgId',
  'issuer.name as issuerOrgName',
  'invitation.orgId',
] as const;

const invitationRows = (db: Db, caller: Caller) => visibleInvitations(db, caller).select(columns).$narrowType<MerchantInvitationColumns>();
/** An invitation as the query selects it. */
type Row = InferResult<ReturnType<typeof invitationRows>>[number];
/** An invitation as the response schema takes it (it writes the dates). */
type InvitationAnswer = z.input<typeof invitationRecord>;

/** A code in full is a code redeemable by its invitee: only the roles that issue codes read it. */
const toRecord = (row: Row, caller: Caller, now: Date): InvitationAnswer => ({
  ...row,
  code: may(caller.roleIndex, 'invitation.issue') ? formatInvitationCode(row.code) : maskInvitationCode(row.code),
  status: invitationStatus(row, now),
});

export async function listInvitations(
  db: Db,
  caller: Caller,
  query: InvitationListQuery,
  now: Date,
): Promise<ListResult<InvitationAnswer>> {
  let filtered = visibleInvitations(db, caller);
  if (query.status) filtered = filtered.where(invitationStatusSql(now), '=', query.status);
  if (query.orgName) filtered = filtered.where('invitation.orgName', 'ilike', containsPattern(query.orgName));
  if (query.code) filtered = filtered.where('invitation.code', '=', query.code.toUpperCase().replace(/[\s-]/g, ''));
  if (query.ids) filtered = filtered.where('invitation.id', 'in', query.ids);
  const page = await paginate(filtered, query, {
    select: (qb) => qb.select(columns).$narrowType<MerchantInvitationColumns>(),
    sortColumns: sortByColumns('invitation', ['id', 'orgName', 'tenantType', 'createdAt', 'expiresAt']),
    defaultSort: 'id',
    tieBreaker: 'invitation.id',
  });
  return { list: page.list.map((row) => toRecord(row, caller, now)), count: page.count };
}

export async function findInvitation(db: Db, caller: Caller, id: number, now: Date): Promise<InvitationAnswer> {
  const row = await invitationRows(db, caller).where('invitation.id', '=', id).executeTakeFirst();
  if (!row) throw notFound('Invitation');
  return toRecord(row, caller, now);
}

/** A new code for a merchant of one tier, issued by the caller's selected org (its parent-to-be). */
export async function createInvitation(db: Db, caller: Caller, body: InvitationBody, now: Date): Promise<InvitationAnswer> {
  // The answer is read inside the transaction that wrote it (docs/DECISIONS.md "Idempotency and honest answers").
  return db.transaction().execute(async (trx) => {
    const { id } = await trx
      .insertInto('invitation')
      .values({
        code: newInvitationCode(),
        issuerOrgId: caller.org.orgId,
        tenantType: body.tenantType,
        orgName: body.orgName,
        invitee: body.invitee,
        createdBy: caller.userId,
        createdAt: now,
        expiresAt: new Date(now.getTime() + body.validDays * DAY),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return findInvitation(trx, caller, id, now);
  });
}

/** Withdraws an open code (the row stays, stamped, for the record); a used one cannot be withdrawn. */
export async function revokeInvitation(db: Db, caller: Caller, id: number, now: Date): Promise<InvitationAnswer> {
  // The answer is read inside the transaction that wrote it (docs/DECISIONS.md "Idempotency and honest answers").
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .selectFrom('invitation')
      .select(['id', 'revokedAt', 'usedAt', 'expiresAt'])
      .where('id', '=', id)
      .where('kind', '=', 'merchant')
      .where(orgVisibleTo(caller, 'invitation.issuer_org_id'))
      .forUpdate()
      .executeTakeFirst();
    if (!row) throw notFound('Invitation');
    const status = invitationStatus(row, now);
    if (status !== 'open') throw new ApiError(BodyCode.conflict, `api.invitationNotOpen.${status}`);
    await trx.updateTable('invitation').set({ revokedAt: now }).where('id', '=', id).execute();
    return findInvitation(trx, caller, id, now);
  });
}

/*
 * The resource's CRUD, by the names the declaration's module service is read by
 * (src/resources/invitation/resource.ts, server/modules/declared/moduleService.ts): the agent row
 * reads its own codes; agent managers issue and withdraw them. `remove` withdraws: the row stays, stamped.
 */
export const list = (context: ServerContext, input: { caller: Caller; query: InvitationListQuery }) =>
  listInvitations(context.db, input.caller, input.query, context.now());
export const detail = (context: ServerContext, input: { caller: Caller; id: number }) =>
  findInvitation(context.db, input.caller, input.id, context.now());
export const save = (context: ServerContext, input: { caller: Caller; body: InvitationBody }) =>
  createInvitation(context.db, input.caller, input.body, context.now());
export const remove = (context: ServerContext, input: { caller: Caller; id: number }) =>
  revokeInvitation(context.db, input.caller, input.id, context.now());
// The code makes its invitee the manager of a new merchant org under the agency: a manager is made
// with a fresh code, as a member invitation for a manager is. Withdrawing narrows access and asks none.
export const stepUp = { save: true } as const;

/** One line per action for the API's document. */
export const crudNotes = {
  summaries: {
    list: 'Merchant invitation codes issued by the orgs in scope, filtered, sorted and paged',
    detail: 'One invitation code',
    save: 'Issue a code for a merchant of one tier under the selected org',
    remove: 'Withdraw an open code (the row stays, stamped): answers the withdrawn record',
  },
} as const;
