import { ROLES, roleIndexFor, roleLevelLabel, roleNameOf, type RoleLevelLabel, type RoleName } from '../access';

/** Who changes members: the org's own managers, and superAdmin for any org in scope (/member, docs/roles-and-routes.md). */
export interface MemberActor {
  org: { orgId: number; roleLevel: number };
  roleIndex: number | null;
}

export function mayManageMembers(actor: MemberActor, orgId: number): boolean {
  if (actor.roleIndex === ROLES.superAdmin) return true;
  return actor.org.orgId === orgId && actor.org.roleLevel === 0;
}

/** The role levels an org of this tenant type has (role levels, docs/roles-and-routes.md): 0..2 for pro and std merchants, 0..1 elsewhere. */
export function roleLevelsOf(tenantType: number): Array<{ roleLevel: number; roleLabel: RoleLevelLabel; role: RoleName }> {
  const levels: Array<{ roleLevel: number; roleLabel: RoleLevelLabel; role: RoleName }> = [];
  for (let level = 0; level < 6; level++) {
    const role = roleNameOf(roleIndexFor(tenantType, level));
    if (role) levels.push({ roleLevel: level, roleLabel: roleLevelLabel(tenantType, level), role });
  }
  return levels;
}
