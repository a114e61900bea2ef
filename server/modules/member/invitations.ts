import type { InferResult } from 'kysely';
import type { z } from 'zod';
import type { Db } from '../../db/database';
import { ApiError, badRequest, forbidden } from '../../http/apiError';
import { paginate } from '../../http/pagination';
import type { Caller } from '../../http/caller';
import { BodyCode, type ListResult } from '../../../src/contract/envelope';
import { roleLevelLabel } from '../../../src/access';
import { mayManageMembers, roleLevelsOf } from '../../../src/contract/memberRules';
import type { MemberInvitationListQuery, MemberInviteBody, memberInvitationRecord } from '../../../src/contract/schemas/member';
import { formatInvitationCode, newInvitationCode } from '../invitation/code';
import { INVITATION_COLUMNS, invitationStatus, invitationStatusSql, invitationsOfKind } from '../invitation/status';

const DAY = 86_400_000;

/** The selected org, when the caller manages its members. */
async function managedOrg(db: Db, caller: Caller): Promise<{ id: number; tenantType: number }> {
  if (!mayManageMembers(caller, caller.org.orgId)) throw forbidden('api.memberManageForbidden');
  return db.selectFrom('org').select(['id', 'tenantType']).where('id', '=', caller.org.orgId).executeTakeFirstOrThrow();
}

const memberInvitations = (db: Db, orgId: number) => invitationsOfKind(db, 'member').where('invitation.targetOrgId', '=', orgId);

/** A member invitation always names its org and role (the columns are nullable for an agent's sign-up codes). */
type MemberInvitationColumns = { orgId: number; roleLevel: number };

const columns = [...INVITATION_COLUMNS, 'invitation.targetOrgId as orgId', 'invitation.roleLevel'] as const;

const invitationRows = (db: Db, orgId: number) => memberInvitations(db, orgId).select(columns).$narrowType<MemberInvitationColumns>();
/** An invitation as the query selects it. */
type Row = InferResult<ReturnType<typeof invitationRows>>[number];
/** An invitation as the response schema takes it (it writes the dates). */
type InvitationAnswer = z.input<typeof memberInvitationRecord>;

const toRecord = ({ revokedAt, usedAt, ...row }: Row, tenantType: number, now: Date): InvitationAnswer => ({
  ...row,
  code: formatInvitationCode(row.code),
  roleLabel: roleLevelLabel(tenantType, row.roleLevel),
  status: invitationStatus({ revokedAt, usedAt, expiresAt: row.expiresAt }, now),
});

/** Codes that bring members into the selected org, for its managers. */
export async function listMemberInvitations(
  db: Db,
  caller: Caller,
  query: MemberInvitationListQuery,
  now: Date,
): Promise<ListResult<InvitationAnswer>> {
  const org = await managedOrg(db, caller);
  let filtered = memberInvitations(db, org.id);
  if (query.status) filtered = filtered.where(invitationStatusSql(now), '=', query.status);
  const page = await paginate(
    filtered,
    { ...query, order: query.sort ? query.order : 'desc' },
    {
      select: (qb) => qb.select(columns).$narrowType<MemberInvitationColumns>(),
      sortColumns: { id: 'invitation.id', createdAt: 'invitation.created_at', expiresAt: 'invitation.expires_at' },
      defaultSort: 'id',
      tieBreaker: 'invitation.id',
    },
  );
  return { list: page.list.map((row) => toRecord(row, org.tenantType, now)), count: page.count };
}

async function findMemberInvitation(db: Db, orgId: number, tenantType: number, id: number, now: Date): Promise<InvitationAnswer> {
  const row = await invitationRows(db, orgId).where('invitation.id', '=', id).executeTakeFirst();
  if (!row) throw new ApiError(BodyCode.notFound, 'api.invitationNotFound');
  return toRecord(row, tenantType, now);
}

/** A code for one new member of the selected org, with a role its tier has. */
export async function inviteMember(db: Db, caller: Caller, body: MemberInviteBody, now: Date): Promise<InvitationAnswer> {
  const org = await managedOrg(db, caller);
  if (!roleLevelsOf(org.tenantType).some((l) => l.roleLevel === body.roleLevel))
    throw badRequest({ roleLevel: { key: 'validation.roleLevel' } });
  // The answer is read inside the transaction that wrote it (docs/DECISIONS.md "Idempotency and honest answers").
  return db.transaction().execute(async (trx) => {
    const { id } = await trx
      .insertInto('invitation')
      .values({
        kind: 'member',
        code: newInvitationCode(),
        issuerOrgId: org.id,
        targetOrgId: org.id,
        roleLevel: body.roleLevel,
        invitee: body.invitee,
        tenantType: null,
        orgName: null,
        createdBy: caller.userId,
        createdAt: now,
        expiresAt: new Date(now.getTime() + body.validDays * DAY),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return findMemberInvitation(trx, org.id, org.tenantType, id, now);
  });
}

/** Withdraws an open member code of the selected org (the row stays, stamped). */
export async function revokeMemberInvitation(db: Db, caller: Caller, id: number, now: Date): Promise<InvitationAnswer> {
  const org = await managedOrg(db, caller);
  // The answer is read inside the transaction that wrote it (docs/DECISIONS.md "Idempotency and honest answers").
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .selectFrom('invitation')
      .select(['revokedAt', 'usedAt', 'expiresAt'])
      .where('id', '=', id)
      .where('kind', '=', 'member')
      .where('targetOrgId', '=', org.id)
      .forUpdate()
      .executeTakeFirst();
    if (!row) throw new ApiError(BodyCode.notFound, 'api.invitationNotFound');
    const status = invitationStatus(row, now);
    if (status !== 'open') throw new ApiError(BodyCode.conflict, `api.invitationNotOpen.${status}`);
    await trx.updateTable('invitation').set({ revokedAt: now }).where('id', '=', id).execute();
    return findMemberInvitation(trx, org.id, org.tenantType, id, now);
  });
}
