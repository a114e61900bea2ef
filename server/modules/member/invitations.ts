import type { Db } from '../../db/database';
import { ApiError, badRequest, forbidden } from '../../http/apiError';
import { paginate } from '../../http/pagination';
import type { Caller } from '../../http/caller';
import { BodyCode, type ListResult } from '../../../src/contract/envelope';
import { roleLevelLabel } from '../../../src/access';
import { mayManageMembers, roleLevelsOf } from '../../../src/contract/memberRules';
import type { MemberInvitationListQuery, MemberInvitationRecord, MemberInviteBody } from '../../../src/contract/schemas/member';
import { formatInvitationCode, newInvitationCode } from '../invitation/code';
import { invitationStatus, invitationStatusSql } from '../invitation/status';

const DAY = 86_400_000;

/** The selected org, when the caller manages its members. */
async function managedOrg(db: Db, caller: Caller): Promise<{ id: number; tenantType: number }> {
  if (!mayManageMembers(caller, caller.org.orgId)) throw forbidden('api.memberManageForbidden');
  return db.selectFrom('org').select(['id', 'tenantType']).where('id', '=', caller.org.orgId).executeTakeFirstOrThrow();
}

const memberInvitations = (db: Db, orgId: number) =>
  db
    .selectFrom('invitation')
    .innerJoin('appUser as creator', 'creator.id', 'invitation.createdBy')
    .leftJoin('appUser as user', 'user.id', 'invitation.usedBy')
    .where('invitation.kind', '=', 'member')
    .where('invitation.targetOrgId', '=', orgId);

const columns = [
  'invitation.id',
  'invitation.code',
  'invitation.targetOrgId as orgId',
  'invitation.roleLevel',
  'invitation.invitee',
  'creator.account as createdBy',
  'invitation.createdAt',
  'invitation.expiresAt',
  'invitation.revokedAt',
  'invitation.usedAt',
  'user.account as usedBy',
] as const;

type Row = Omit<MemberInvitationRecord, 'status' | 'roleLabel' | 'expiresAt'> & {
  expiresAt: Date;
  revokedAt: Date | null;
  usedAt: Date | null;
};

const toRecord = ({ revokedAt, usedAt, ...row }: Row, tenantType: number, now: Date): MemberInvitationRecord =>
  ({
    ...row,
    code: formatInvitationCode(row.code),
    roleLabel: roleLevelLabel(tenantType, row.roleLevel),
    status: invitationStatus({ revokedAt, usedAt, expiresAt: row.expiresAt }, now),
  }) as unknown as MemberInvitationRecord;

/** Codes that bring members into the selected org, for its managers. */
export async function listMemberInvitations(
  db: Db,
  caller: Caller,
  query: MemberInvitationListQuery,
  now: Date,
): Promise<ListResult<MemberInvitationRecord>> {
  const org = await managedOrg(db, caller);
  let filtered = memberInvitations(db, org.id);
  if (query.status) filtered = filtered.where(invitationStatusSql(now), '=', query.status);
  const page = await paginate(
    filtered,
    { ...query, order: query.sort ? query.order : 'desc' },
    {
      select: (qb) => qb.select(columns),
      sortColumns: { id: 'invitation.id', createdAt: 'invitation.created_at', expiresAt: 'invitation.expires_at' },
      defaultSort: 'id',
      tieBreaker: 'invitation.id',
    },
  );
  return { list: (page.list as unknown as Row[]).map((row) => toRecord(row, org.tenantType, now)), count: page.count };
}

async function findMemberInvitation(db: Db, orgId: number, tenantType: number, id: number, now: Date): Promise<MemberInvitationRecord> {
  const row = await memberInvitations(db, orgId).select(columns).where('invitation.id', '=', id).executeTakeFirst();
  if (!row) throw new ApiError(BodyCode.notFound, 'api.invitationNotFound');
  return toRecord(row as unknown as Row, tenantType, now);
}

/** A code for one new member of the selected org, with a role its tier has. */
export async function inviteMember(db: Db, caller: Caller, body: MemberInviteBody, now: Date): Promise<MemberInvitationRecord> {
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
export async function revokeMemberInvitation(db: Db, caller: Caller, id: number, now: Date): Promise<MemberInvitationRecord> {
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
