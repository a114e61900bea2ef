import type { ExpressionBuilder, Expression, SqlBool } from 'kysely';
import type { Database } from '../db/schema';
import type { Db } from '../db/database';
import type { Caller } from './caller';
import { notFound } from './apiError';

/** Tenant types of SPEC A5 that see more than their own org. */
const OPERATOR = 0;
const AGENT = 1;

/**
 * Data scoping of SPEC B2, as a condition on an org id column: operator rows see
 * every org; an agent sees its own org and the orgs directly under it; a merchant
 * sees only its own org. Every read and write by id goes through this.
 */
export function orgVisibleTo<DB extends Database, TB extends keyof DB>(
  caller: Caller,
  orgIdColumn: string,
): (eb: ExpressionBuilder<DB, TB>) => Expression<SqlBool> {
  return (eb) => {
    const ref = eb.ref(orgIdColumn as never);
    const own = caller.org.orgId;
    if (caller.org.tenantType === OPERATOR) return eb.lit(true);
    if (caller.org.tenantType === AGENT) {
      return eb.or([
        eb(ref, '=', own),
        eb(ref, 'in', eb.selectFrom('org' as never).select('org.id' as never).where('org.parentId' as never, '=', own as never)),
      ]);
    }
    return eb(ref, '=', own);
  };
}

/** The ids of every org the caller may see (for small in-memory checks, e.g. a body's orgId). */
export async function visibleOrgIds(db: Db, caller: Caller): Promise<Set<number>> {
  const rows = await db
    .selectFrom('org')
    .select('id')
    .where(orgVisibleTo<Database, 'org'>(caller, 'org.id'))
    .execute();
  return new Set(rows.map((r) => r.id));
}

/** Refuses an org id outside the caller's scope the way an unknown id is refused: no existence leak. */
export async function assertOrgVisible(db: Db, caller: Caller, orgId: number, what = 'Organisation'): Promise<void> {
  const visible = await visibleOrgIds(db, caller);
  if (!visible.has(orgId)) throw notFound(what);
}
