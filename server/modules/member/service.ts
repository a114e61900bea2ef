import type { Db } from '../../db/database';
import { containsPattern, paginate } from '../../http/pagination';
import { assertOrgVisible } from '../../http/tenancy';
import type { Caller } from '../../http/caller';
import type { ListResult } from '../../../src/contract/envelope';
import { roleIndexFor, roleLevelLabel, roleNameOf } from '../../../src/access';
import type { MemberListQuery, MemberRecord } from '../../../src/contract/schemas/member';

type Row = Omit<MemberRecord, 'role' | 'roleLabel'>;

/**
 * The members of one org: the one asked for, else the selected one. An org outside the
 * caller's scope answers like an unknown one (no existence leak).
 */
export async function listMembers(db: Db, caller: Caller, query: MemberListQuery): Promise<ListResult<MemberRecord>> {
  const orgId = query.orgId ?? caller.org.orgId;
  await assertOrgVisible(db, caller, orgId);
  let filtered = db
    .selectFrom('membership')
    .innerJoin('appUser', 'appUser.id', 'membership.userId')
    .innerJoin('org', 'org.id', 'membership.orgId')
    .where('membership.orgId', '=', orgId);
  if (query.account) filtered = filtered.where('appUser.account', 'ilike', containsPattern(query.account));
  if (query.userName) filtered = filtered.where('appUser.userName', 'ilike', containsPattern(query.userName));
  if (query.roleLevel !== undefined) filtered = filtered.where('membership.roleLevel', '=', query.roleLevel);
  if (query.ids) filtered = filtered.where('appUser.id', 'in', query.ids);
  const page = await paginate(filtered, query, {
    select: (qb) =>
      qb.select([
        'appUser.id as id',
        'appUser.id as userId',
        'appUser.account',
        'appUser.userName',
        'org.id as orgId',
        'org.name as orgName',
        'org.tenantType',
        'membership.roleLevel',
        'membership.createdAt',
      ]),
    sortColumns: { id: 'app_user.id', userId: 'app_user.id', account: 'app_user.account', userName: 'app_user.user_name', roleLevel: 'membership.role_level', createdAt: 'membership.created_at' },
    defaultSort: 'roleLevel',
    tieBreaker: 'app_user.id',
  });
  const list = (page.list as unknown as Row[]).map((row) => ({
    ...row,
    role: roleNameOf(roleIndexFor(row.tenantType, row.roleLevel)) ?? null,
    roleLabel: roleLevelLabel(row.tenantType, row.roleLevel),
  }));
  return { list, count: page.count };
}
