import type { InferResult, Transaction } from 'kysely';
import type { z } from 'zod';
import type { Db } from '../../db/database';
import type { Database } from '../../db/schema';
import { containsPattern, pageOfColumns } from '../../http/pagination';
import { orgVisibleTo } from '../../http/tenancy';
import { ApiError, badRequest, conflict, forbidden, notFound } from '../../http/apiError';
import { userColumns, type Caller } from '../../http/caller';
import type { ServerContext } from '../../http/serverContext';
import { BodyCode, type ListResult } from '../../../src/contract/envelope';
import { ROLES, roleIndexFor, roleLevelLabel, roleNameOf } from '../../../src/access';
import { mayManageMembers, roleLevelsOf } from '../../../src/contract/memberRules';
import type { MemberListQuery, MemberUpdateBody, memberRecord } from '../../../src/contract/schemas/member';

/** A member as the response schema takes it: the query's row (a Date where the JSON has an ISO string) with its role named. */
type MemberAnswer = z.input<typeof memberRecord>;

const toRecord = (row: Row): MemberAnswer => ({
  ...row,
  role: roleNameOf(roleIndexFor(row.tenantType, row.roleLevel)) ?? null,
  roleLabel: roleLevelLabel(row.tenantType, row.roleLevel),
});

/** The org asked for, else the selected one; one outside the caller's scope answers like an unknown one. */
async function orgInScope(db: Db, caller: Caller, orgId = caller.org.orgId): Promise<{ id: number; tenantType: number }> {
  const org = await db
    .selectFrom('org')
    .select(['id', 'tenantType'])
    .where('id', '=', orgId)
    .where(orgVisibleTo(caller, 'org.id'))
    .executeTakeFirst();
  if (!org) throw notFound('Organisation');
  return org;
}

const membersOf = (db: Db, orgId: number) =>
  db
    .selectFrom('membership')
    .innerJoin('appUser', 'appUser.id', 'membership.userId')
    .innerJoin('org', 'org.id', 'membership.orgId')
    .where('membership.orgId', '=', orgId);

const columns = [
  'appUser.id as id',
  ...userColumns,
  'org.id as orgId',
  'org.name as orgName',
  'org.tenantType',
  'membership.roleLevel',
  'membership.createdAt',
] as const;

const memberRows = (db: Db, orgId: number) => membersOf(db, orgId).select(columns);
/** A member as the query selects it. */
type Row = InferResult<ReturnType<typeof memberRows>>[number];

/** The members of one org in scope, one row per user. */
export async function listMembers(db: Db, caller: Caller, query: MemberListQuery): Promise<ListResult<MemberAnswer>> {
  const org = await orgInScope(db, caller, query.orgId);
  let filtered = membersOf(db, org.id);
  if (query.account) filtered = filtered.where('appUser.account', 'ilike', containsPattern(query.account));
  if (query.userName) filtered = filtered.where('appUser.userName', 'ilike', containsPattern(query.userName));
  if (query.roleLevel !== undefined) filtered = filtered.where('membership.roleLevel', '=', query.roleLevel);
  const page = await pageOfColumns(filtered, query, columns, {
    sortColumns: {
      id: 'app_user.id',
      userId: 'app_user.id',
      account: 'app_user.account',
      userName: 'app_user.user_name',
      roleLevel: 'membership.role_level',
      createdAt: 'membership.created_at',
    },
    defaultSort: 'roleLevel',
    tieBreaker: 'app_user.id',
  });
  return { list: page.list.map(toRecord), count: page.count };
}

export async function findMember(db: Db, caller: Caller, userId: number, orgId?: number): Promise<MemberAnswer> {
  const org = await orgInScope(db, caller, orgId);
  const row = await memberRows(db, org.id).where('appUser.id', '=', userId).executeTakeFirst();
  if (!row) throw new ApiError(BodyCode.notFound, 'api.memberNotFound');
  return toRecord(row);
}

/** The roles the org offers (the role picker's choices). */
export async function memberRoles(db: Db, caller: Caller, orgId?: number) {
  const org = await orgInScope(db, caller, orgId);
  return { list: roleLevelsOf(org.tenantType), count: roleLevelsOf(org.tenantType).length };
}

/**
 * A membership change with the org's memberships locked, after the checks both changes
 * share: the caller manages the org, the member exists, and the org keeps a manager
 * afterwards (two managers demoting each other at once cannot both succeed).
 */
async function changeMembership<T>(
  db: Db,
  caller: Caller,
  orgId: number,
  userId: number,
  nextRoleLevel: number | null,
  apply: (trx: Transaction<Database>) => Promise<T>,
): Promise<T> {
  if (!mayManageMembers(caller, orgId)) throw forbidden('api.memberManageForbidden');
  return db.transaction().execute(async (trx) => {
    const members = await trx.selectFrom('membership').select(['userId', 'roleLevel']).where('orgId', '=', orgId).forUpdate().execute();
    // Authority as it stands under the lock: a manager demoted a moment ago manages no more.
    const actorNow = members.find((m) => m.userId === caller.userId);
    if (caller.roleIndex !== ROLES.superAdmin && actorNow?.roleLevel !== 0) throw forbidden('api.memberManageForbidden');
    const target = members.find((m) => m.userId === userId);
    if (!target) throw new ApiError(BodyCode.notFound, 'api.memberNotFound');
    const managersAfter = members.filter((m) => (m.userId === userId ? nextRoleLevel === 0 : m.roleLevel === 0)).length;
    if (managersAfter === 0) throw conflict('api.lastManager');
    return apply(trx);
  });
}

/** A member's new role in the org: one of the levels its tenant type has. */
export async function updateMember(db: Db, caller: Caller, body: MemberUpdateBody): Promise<MemberAnswer> {
  const org = await orgInScope(db, caller, body.orgId);
  if (!roleLevelsOf(org.tenantType).some((l) => l.roleLevel === body.roleLevel))
    throw badRequest({ roleLevel: { key: 'validation.roleLevel' } });
  // The answer is read inside the transaction that wrote it (docs/DECISIONS.md "Idempotency and honest answers").
  return changeMembership(db, caller, org.id, body.userId, body.roleLevel, async (trx) => {
    await trx
      .updateTable('membership')
      .set({ roleLevel: body.roleLevel })
      .where('orgId', '=', org.id)
      .where('userId', '=', body.userId)
      .execute();
    return findMember(trx, caller, body.userId, org.id);
  });
}

/**
 * Removes a member from the selected org. Not oneself, and not a signer of the org's
 * multisig wallets: signers must stay members (replace them on the wallet first).
 */
export async function removeMember(db: Db, caller: Caller, userId: number): Promise<MemberAnswer> {
  const org = await orgInScope(db, caller);
  const removed = await findMember(db, caller, userId, org.id);
  await changeMembership(db, caller, org.id, userId, null, async (trx) => {
    if (userId === caller.userId) throw conflict('api.memberRemoveSelf');
    const signed = await trx
      .selectFrom('walletSigner')
      .innerJoin('chainWallet', 'chainWallet.id', 'walletSigner.walletId')
      .select('chainWallet.label')
      .where('chainWallet.orgId', '=', org.id)
      .where('walletSigner.userId', '=', userId)
      .orderBy('chainWallet.label')
      .execute();
    if (signed.length > 0) throw conflict('api.memberSignsWallets', { wallets: signed.map((w) => w.label).join(', ') });
    await trx.deleteFrom('membership').where('orgId', '=', org.id).where('userId', '=', userId).execute();
  });
  return removed;
}

/*
 * The resource's CRUD, by the names the declaration's module service is read by
 * (src/resources/member/resource.ts, server/modules/declared/moduleService.ts): everyone reads the
 * members of an org in scope; managers change roles and remove members of their own org
 * (superAdmin of any), checked per org. A role change or a removal re-draws who may move money
 * and manage the org: every write asks step-up.
 */
export const list = (context: ServerContext, input: { caller: Caller; query: MemberListQuery }) =>
  listMembers(context.db, input.caller, input.query);
export const detail = (context: ServerContext, input: { caller: Caller; query: { id: number; orgId?: number } }) =>
  findMember(context.db, input.caller, input.query.id, input.query.orgId);
export const update = (context: ServerContext, input: { caller: Caller; body: MemberUpdateBody }) =>
  updateMember(context.db, input.caller, input.body);
export const remove = (context: ServerContext, input: { caller: Caller; id: number }) => removeMember(context.db, input.caller, input.id);
export const stepUp = true;

/** One line per action for the API's document. */
export const crudNotes = {
  summaries: {
    list: 'The members of an org in scope, with their roles, filtered, sorted and paged',
    detail: 'One member of an org in scope',
    update: 'Change a member’s role level',
    remove: 'Remove a member from the selected org (not oneself, not a wallet signer): answers the removed record',
  },
} as const;
