import { sql, type Expression, type SqlBool } from 'kysely';
import type { Db } from '../db/database';
import type { Caller } from './caller';
import { notFound } from './apiError';

/** Tenant types that see more than their own org (docs/roles-and-routes.md "Tenancy"). */
const OPERATOR = 0;
const AGENT = 1;

/**
 * Data scoping (docs/roles-and-routes.md "Tenancy"), as a condition on an org id column (e.g. 'chain_wallet.org_id'
 * — raw SQL names, snake_case): operator rows see every org; an agent sees its own org
 * and the orgs directly under it; a merchant sees only its own org. Every read and
 * write by id goes through this. Use as `.where(orgVisibleTo(caller, 'proposal.org_id'))`.
 */
export function orgVisibleTo(caller: Caller, orgIdColumn: string): Expression<SqlBool> {
  const column = sql.ref(orgIdColumn);
  const own = caller.org.orgId;
  if (caller.org.tenantType === OPERATOR) return sql<SqlBool>`true`;
  if (caller.org.tenantType === AGENT) {
    return sql<SqlBool>`(${column} = ${own} or ${column} in (select id from org where parent_id = ${own}))`;
  }
  return sql<SqlBool>`${column} = ${own}`;
}

/** The ids of every org the caller may see (for small in-memory checks, e.g. a body's orgId). */
export async function visibleOrgIds(db: Db, caller: Caller): Promise<Set<number>> {
  const rows = await db.selectFrom('org').select('id').where(orgVisibleTo(caller, 'org.id')).execute();
  return new Set(rows.map((r) => r.id));
}

/** Refuses an org id outside the caller's scope the way an unknown id is refused: no existence leak. */
export async function assertOrgVisible(db: Db, caller: Caller, orgId: number, what = 'Organisation'): Promise<void> {
  const visible = await visibleOrgIds(db, caller);
  if (!visible.has(orgId)) throw notFound(what);
}
