import { sql, type Expression, type SqlBool } from 'kysely';
import type { Caller } from './caller';

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
