import { sql } from 'kysely';
import type { Db } from '../../db/database';
import { containsPattern, pageOfColumns } from '../../http/pagination';
import { orgVisibleTo } from '../../http/tenancy';
import { notFound } from '../../http/apiError';
import type { Caller } from '../../http/caller';
import type { ListResult } from '../../../src/contract/envelope';
import type { OrgListQuery, OrgRecordInput } from '../../../src/contract/schemas/org';

const visibleOrgs = (db: Db, caller: Caller) =>
  db.selectFrom('org').leftJoin('org as parent', 'parent.id', 'org.parentId').where(orgVisibleTo(caller, 'org.id'));

const columns = [
  'org.id',
  'org.id as orgId',
  'org.name as orgName',
  'org.tenantType',
  'org.parentId',
  'parent.name as parentName',
  'org.createdAt',
  sql<number>`(select count(*)::int from membership m where m.org_id = org.id)`.as('memberCount'),
] as const;

const orgNotFound = () => notFound('Organisation');

const sortColumns = { id: 'org.id', orgId: 'org.id', orgName: 'org.name', tenantType: 'org.tenant_type', createdAt: 'org.created_at' };

/** The orgs the caller's tenancy reaches: all for the operator row, an agent's own and its merchants, a merchant's own. */
export async function listOrgs(db: Db, caller: Caller, query: OrgListQuery): Promise<ListResult<OrgRecordInput>> {
  let filtered = visibleOrgs(db, caller);
  if (query.orgName) filtered = filtered.where('org.name', 'ilike', containsPattern(query.orgName));
  if (query.tenantType !== undefined) filtered = filtered.where('org.tenantType', '=', query.tenantType);
  if (query.parentId !== undefined) filtered = filtered.where('org.parentId', '=', query.parentId);
  return pageOfColumns(filtered, query, columns, { sortColumns, defaultSort: 'orgName', tieBreaker: 'org.id' });
}

/** One org in scope; another tenant's answers like an unknown id. */
export async function findOrg(db: Db, caller: Caller, id: number): Promise<OrgRecordInput> {
  return visibleOrgs(db, caller).select(columns).where('org.id', '=', id).executeTakeFirstOrThrow(orgNotFound);
}
