import { describe, expect, it } from 'vitest';
import {
  canAccess,
  may,
  maskHas,
  masks,
  maskOf,
  combine,
  roleBit,
  ROLES,
  ROLE_NAMES,
  routeGroups,
  routesFor,
  rowMask,
  roleIndexFor,
  roleIndexOf,
  roleLevelLabel,
  roleNameOf,
  tenantOfRoleIndex,
  tenantTypeName,
  type MaskName,
  type RoleName,
  type RouteGroup,
  type RoleMask,
} from '../../../src/access';
import { tableCases } from './roleTable';

/** The combined masks (docs/roles-and-routes.md), written out per named role (same role order as above). */
//                                     op  ag  pro lite std
const membership: Record<MaskName, string> = {
  all: 'YY  YY  YYY YY   YYY',
  operator: 'YY  NN  NNN NN   NNN',
  agent: 'YY  YY  NNN NN   NNN',
  merchantPro: 'YY  YY  YYY NN   NNN',
  merchantLite: 'YY  YY  NNN YY   NNN',
  merchantStd: 'YY  YY  NNN NN   YYY',
  excludeAgent: 'YY  NN  YYY YY   YYY',
  excludeLite: 'YY  YY  YYY NN   YYY',
  agentOnly: 'NN  YY  NNN NN   NNN',
  allMerchants: 'NN  NN  YYY YY   YYY',
  merchantProOnly: 'NN  NN  YYY NN   NNN',
  merchantLiteOnly: 'NN  NN  NNN YY   NNN',
  merchantStdOnly: 'NN  NN  NNN NN   YYY',
  stdAndPro: 'NN  NN  YYY NN   YYY',
  allowTransfer: 'NN  NN  NYN YY   YYY',
  coldAdmins: 'YN  YN  YNN NN   YNN',
  merchantManagers: 'NN  NN  YNN YN   YNN',
  allManagers: 'YN  YN  YNN YN   YNN',
  auditReaders: 'YY  YN  YNN YN   YNN',
};

/**
 * The tests of one written-out membership table against the bits the code computes: no row missing or
 * extra (`listed`), and each role in or out of each row as written (`has`, a name with $key, $role, $member).
 */
function membershipTests<K extends string>(table: Record<K, string>, computed: Record<K, RoleMask>, listed: string, has: string) {
  it(listed, () => {
    expect(Object.keys(table).sort()).toEqual(Object.keys(computed).sort());
  });

  const cases = tableCases(table).map(({ key, role, yes: member }) => ({ key, role, member }));
  it.each(cases)(has, ({ key, role, member }) => {
    expect(maskHas(computed[key], ROLES[role])).toBe(member);
  });
}

describe('combined masks', () => {
  membershipTests(membership, masks, 'every mask is listed', '$key has $role: $member');
});

/** The route guard groups (docs/roles-and-routes.md): here the tier groups and `agent` are that row alone. */
//                                   op  ag  pro lite std
const groupMembership: Record<RouteGroup, string> = {
  all: 'YY  YY  YYY YY   YYY',
  excludeLite: 'YY  YY  YYY NN   YYY',
  excludeAgent: 'YY  NN  YYY YY   YYY',
  stdProOperator: 'YY  NN  YYY NN   YYY',
  merchantPro: 'NN  NN  YYY NN   NNN',
  merchantStd: 'NN  NN  NNN NN   YYY',
  merchantLite: 'NN  NN  NNN YY   NNN',
  operator: 'YY  NN  NNN NN   NNN',
  agent: 'NN  YY  NNN NN   NNN',
  auditLog: 'YY  YN  YNN YN   YNN',
  merchantManagers: 'NN  NN  YNN YN   YNN',
};

describe('route guard groups', () => {
  membershipTests(
    groupMembership,
    routeGroups,
    'there are exactly the 9 groups, /audit-log’s and /api-key’s',
    'group $key has $role: $member',
  );
});

describe('named roles', () => {
  /** The role grid (docs/roles-and-routes.md): a row per tenant type, a column per role level (no named role in row 2). */
  const grid: RoleName[][] = [
    ['superAdmin', 'operatorEmployee'],
    ['agentManager', 'agentEmployee'],
    [],
    ['merchantProManager', 'merchantProFinance', 'merchantProEmployee'],
    ['merchantLiteManager', 'merchantLiteEmployee'],
    ['merchantStdManager', 'merchantStdFinance', 'merchantStdEmployee'],
  ];
  const cells = grid.flatMap((names, row) => names.map((name, column): [RoleName, number, number] => [name, row, column]));
  it('there are exactly 12', () => {
    expect([...ROLE_NAMES].sort()).toEqual(cells.map(([name]) => name).sort());
  });
  it.each(cells)('%s sits at row %i, column %i', (name, row, column) => {
    expect(roleIndexOf(name)).toBe(row * 6 + column);
    expect(roleIndexFor(row, column)).toBe(row * 6 + column);
    expect(roleNameOf(row * 6 + column)).toBe(name);
    expect(tenantOfRoleIndex(row * 6 + column)).toBe(row);
  });
  it('unnamed cells have no name, row 2 has no tenant type', () => {
    expect(roleNameOf(2)).toBeUndefined();
    expect(roleNameOf(12)).toBeUndefined();
    expect(tenantTypeName(2)).toBeUndefined();
    expect(tenantTypeName(6)).toBeUndefined();
    expect([0, 1, 3, 4, 5].map(tenantTypeName)).toEqual(['operator', 'agent', 'merchantPro', 'merchantLite', 'merchantStd']);
  });
});

describe('BigInt masks', () => {
  it('are bigint, and the merchantStd row (bits 30–35) works like any other', () => {
    for (const mask of Object.values(masks)) expect(typeof mask).toBe('bigint');
    expect(ROLES.merchantStdManager).toBe(30);
    expect(roleBit(35)).toBe(2n ** 35n);
    expect(rowMask(5)).toBe(2n ** 36n - 1n - (2n ** 30n - 1n));
    // 32-bit tricks would wrap these to the low rows
    expect(maskHas(masks.merchantStdOnly, ROLES.merchantStdEmployee)).toBe(true);
    expect(maskHas(masks.merchantStdOnly, ROLES.superAdmin)).toBe(false);
    expect(maskHas(masks.merchantStdOnly, 32 - 32)).toBe(false);
    for (let bit = 30; bit < 36; bit++) {
      expect(maskHas(maskOf(bit), bit)).toBe(true);
      expect(maskHas(maskOf(bit), bit - 30)).toBe(false);
      expect(maskHas(rowMask(0), bit)).toBe(false);
    }
    expect(combine(maskOf(ROLES.merchantStdEmployee), maskOf(ROLES.superAdmin))).toBe(2n ** 32n + 1n);
    expect(may(ROLES.merchantStdFinance, 'wallet.transferOut')).toBe(true);
    expect(may(ROLES.merchantProEmployee, 'wallet.transferOut')).toBe(false);
    expect(may(null, 'member')).toBe(false);
  });

  it('role index is tenantType × 6 + level, and labels follow the role levels', () => {
    expect(roleIndexFor(4, 1)).toBe(ROLES.merchantLiteEmployee);
    expect(roleLevelLabel(3, 1)).toBe('finance');
    expect(roleLevelLabel(4, 1)).toBe('employee');
    expect(roleLevelLabel(0, 0)).toBe('manager');
  });
});

describe('canAccess edge cases', () => {
  it('public routes need no role', () => {
    for (const path of ['/terms', '/login', '/signup', '/403', '/500']) expect(canAccess(null, path)).toBe(true);
  });
  it('a missing role reaches no guarded route', () => {
    expect(canAccess(null, '/home')).toBe(false);
    expect(canAccess(undefined, '/network')).toBe(false);
  });
  it('sub-paths are guarded like their route', () => {
    expect(canAccess(ROLES.merchantLiteManager, '/network/5/edit')).toBe(true);
    expect(canAccess(ROLES.merchantLiteManager, '/multisig/7/show')).toBe(false);
    expect(canAccess(ROLES.agentEmployee, '/asset-flow-lite/create')).toBe(false);
    expect(canAccess(ROLES.merchantStdEmployee, '/merchant-std-wallet/')).toBe(true);
    // /asset-flow must not lend its group to /asset-flow-lite by prefix, nor /merchant-pro to /merchant-pro-wallet
    expect(canAccess(ROLES.superAdmin, '/merchant-pro-wallet')).toBe(false);
    expect(canAccess(ROLES.merchantProEmployee, '/merchant-pro-wallet/1')).toBe(true);
  });
  it('unknown paths and look-alike prefixes are denied', () => {
    expect(canAccess(ROLES.superAdmin, '/nowhere')).toBe(false);
    expect(canAccess(ROLES.superAdmin, '/networkx')).toBe(false);
    expect(canAccess(ROLES.superAdmin, '/network?x=1')).toBe(true);
  });
  it('out-of-range role indexes are denied', () => {
    expect(canAccess(36, '/home')).toBe(false);
    expect(canAccess(-1, '/home')).toBe(false);
    expect(canAccess(1.5, '/home')).toBe(false);
  });
  it('routesFor lists the menu of a lite employee in table order', () => {
    expect(routesFor(ROLES.merchantLiteEmployee).map((r) => r.path)).toEqual([
      '/home',
      '/network',
      '/currency',
      '/transfer',
      '/withdraw',
      '/refund',
      '/merchant-lite-wallet',
      '/merchant-lite',
      '/aggregate',
      '/member',
      '/contract-address',
      '/asset-flow',
      '/asset-flow-lite',
      '/pay-link',
      '/payment-report',
      '/linkpay-report',
      '/recharge-report',
      '/gas-report',
      '/order-repair',
      '/policy',
      '/address-book',
      '/account',
    ]);
  });
});
