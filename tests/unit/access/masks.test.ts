import { describe, expect, it } from 'vitest';
import { canAccess, maskHas, masks, roleBit, ROLES, routesFor, rowMask, roleIndexFor, roleLevelLabel, type MaskName, type RoleName } from '../../../src/access';

const roleOrder: RoleName[] = [
  'superAdmin', 'operatorEmployee', 'agentManager', 'agentEmployee',
  'merchantProManager', 'merchantProFinance', 'merchantProEmployee',
  'merchantLiteManager', 'merchantLiteEmployee',
  'merchantStdManager', 'merchantStdFinance', 'merchantStdEmployee',
];

/** SPEC A5 combined masks, written out per named role (same role order as above). */
//                                     op  ag  pro lite std
const membership: Record<MaskName, string> = {
  all:              'YY  YY  YYY YY   YYY',
  operator:         'YY  NN  NNN NN   NNN',
  agent:            'YY  YY  NNN NN   NNN',
  merchantPro:      'YY  YY  YYY NN   NNN',
  merchantLite:     'YY  YY  NNN YY   NNN',
  merchantStd:      'YY  YY  NNN NN   YYY',
  excludeAgent:     'YY  NN  YYY YY   YYY',
  excludeLite:      'YY  YY  YYY NN   YYY',
  agentOnly:        'NN  YY  NNN NN   NNN',
  allMerchants:     'NN  NN  YYY YY   YYY',
  merchantProOnly:  'NN  NN  YYY NN   NNN',
  merchantLiteOnly: 'NN  NN  NNN YY   NNN',
  merchantStdOnly:  'NN  NN  NNN NN   YYY',
  stdAndPro:        'NN  NN  YYY NN   YYY',
  allowTransfer:    'NN  NN  NYN YY   YYY',
  coldAdmins:       'YN  YN  YNN NN   YNN',
  merchantManagers: 'NN  NN  YNN YN   YNN',
  allManagers:      'YN  YN  YNN YN   YNN',
};

describe('combined masks of SPEC A5', () => {
  it('every mask is listed', () => {
    expect(Object.keys(membership).sort()).toEqual(Object.keys(masks).sort());
  });

  const cases = (Object.entries(membership) as Array<[MaskName, string]>).flatMap(([mask, row]) =>
    roleOrder.map((role, i) => ({ mask, role, member: row.replace(/\s/g, '')[i] === 'Y' })),
  );
  it.each(cases)('$mask has $role: $member', ({ mask, role, member }) => {
    expect(maskHas(masks[mask], ROLES[role])).toBe(member);
  });
});

describe('BigInt masks', () => {
  it('are bigint, and the merchantStd row (bits 30–35) works like any other', () => {
    for (const mask of Object.values(masks)) expect(typeof mask).toBe('bigint');
    expect(ROLES.merchantStdManager).toBe(30);
    expect(roleBit(35)).toBe(2n ** 35n);
    expect(rowMask(5)).toBe((2n ** 36n - 1n) - (2n ** 30n - 1n));
    // 32-bit tricks would wrap these to the low rows
    expect(maskHas(masks.merchantStdOnly, ROLES.merchantStdEmployee)).toBe(true);
    expect(maskHas(masks.merchantStdOnly, ROLES.superAdmin)).toBe(false);
    expect(maskHas(masks.merchantStdOnly, 32 - 32)).toBe(false);
  });

  it('role index is tenantType × 6 + level, and labels follow SPEC B2', () => {
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
      '/home', '/network', '/currency', '/transfer', '/withdraw', '/refund', '/merchant-lite-wallet', '/merchant-lite',
      '/aggregate', '/member', '/contract-address', '/asset-flow', '/asset-flow-lite', '/pay-link', '/payment-report',
      '/linkpay-report', '/recharge-report', '/gas-report', '/order-repair', '/account',
    ]);
  });
});
