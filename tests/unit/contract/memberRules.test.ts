import { describe, expect, it } from 'vitest';
import { ROLES } from '../../../src/access';
import { mayManageMembers, roleLevelsOf } from '../../../src/contract/memberRules';

describe('member rules shared by the API and the console', () => {
  it("an org's managers manage its members; superAdmin any org's; nobody else", () => {
    expect(mayManageMembers({ org: { orgId: 4, roleLevel: 0 }, roleIndex: ROLES.merchantProManager }, 4)).toBe(true);
    expect(mayManageMembers({ org: { orgId: 4, roleLevel: 0 }, roleIndex: ROLES.merchantProManager }, 5)).toBe(false);
    expect(mayManageMembers({ org: { orgId: 4, roleLevel: 1 }, roleIndex: ROLES.merchantProFinance }, 4)).toBe(false);
    expect(mayManageMembers({ org: { orgId: 2, roleLevel: 0 }, roleIndex: ROLES.agentManager }, 4)).toBe(false);
    expect(mayManageMembers({ org: { orgId: 1, roleLevel: 0 }, roleIndex: ROLES.superAdmin }, 4)).toBe(true);
    expect(mayManageMembers({ org: { orgId: 1, roleLevel: 1 }, roleIndex: ROLES.operatorEmployee }, 1)).toBe(false);
  });

  it('role levels per tenant type follow the role matrix: finance only for pro and standard merchants', () => {
    const labels = (tenantType: number) => roleLevelsOf(tenantType).map((l) => `${l.roleLevel}:${l.roleLabel}:${l.role}`);
    expect(labels(0)).toEqual(['0:manager:superAdmin', '1:employee:operatorEmployee']);
    expect(labels(1)).toEqual(['0:manager:agentManager', '1:employee:agentEmployee']);
    expect(labels(3)).toEqual(['0:manager:merchantProManager', '1:finance:merchantProFinance', '2:employee:merchantProEmployee']);
    expect(labels(4)).toEqual(['0:manager:merchantLiteManager', '1:employee:merchantLiteEmployee']);
    expect(labels(5)).toEqual(['0:manager:merchantStdManager', '1:finance:merchantStdFinance', '2:employee:merchantStdEmployee']);
  });
});
