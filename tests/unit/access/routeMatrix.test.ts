import { afterAll, describe, expect, it } from 'vitest';
import { canAccess, ROLES, ROUTES } from '../../../src/access';
import { tableCases } from './roleTable';

/**
 * The route table (docs/roles-and-routes.md), written out by hand: one row per route, one letter per role in this order.
 * Y = allowed, N = denied. Not computed from the code under test.
 */

//                              op  ag  pro lite std
const expected: Record<string, string> = {
  '/home': 'YY  YY  YYY YY   YYY',
  '/network': 'YY  YY  YYY YY   YYY',
  '/currency': 'YY  YY  YYY YY   YYY',
  '/multisig': 'YY  YY  YYY NN   YYY',
  '/transfer': 'YY  YY  YYY YY   YYY',
  '/withdraw': 'YY  YY  YYY YY   YYY',
  '/refund': 'YY  YY  YYY YY   YYY',
  '/supply': 'YY  NN  YYY NN   YYY',
  '/supply-history': 'YY  NN  YYY NN   YYY',
  '/merchant-pro-wallet': 'NN  NN  YYY NN   NNN',
  '/merchant-std-wallet': 'NN  NN  NNN NN   YYY',
  '/merchant-lite-wallet': 'NN  NN  NNN YY   NNN',
  '/operator': 'YY  NN  NNN NN   NNN',
  '/agent': 'NN  YY  NNN NN   NNN',
  '/merchant-pro': 'NN  NN  YYY NN   NNN',
  '/merchant-std': 'NN  NN  NNN NN   YYY',
  '/merchant-lite': 'NN  NN  NNN YY   NNN',
  '/aggregate': 'YY  YY  YYY YY   YYY',
  '/member': 'YY  YY  YYY YY   YYY',
  '/contract-address': 'YY  NN  YYY YY   YYY',
  '/invitation': 'NN  YY  NNN NN   NNN',
  '/asset-flow': 'YY  NN  YYY YY   YYY',
  '/asset-flow-lite': 'YY  NN  YYY YY   YYY',
  '/pay-link': 'YY  NN  YYY YY   YYY',
  '/payment-report': 'YY  NN  YYY YY   YYY',
  '/linkpay-report': 'YY  NN  YYY YY   YYY',
  '/recharge-report': 'YY  NN  YYY YY   YYY',
  '/gas-report': 'YY  NN  YYY YY   YYY',
  '/order-repair': 'YY  NN  YYY YY   YYY',
  // Beyond the original 31: the org's transaction policy and address book, read by all, written by managers.
  '/policy': 'YY  YY  YYY YY   YYY',
  '/address-book': 'YY  YY  YYY YY   YYY',
  // Beyond the original 31: the audit trail, for the operator row and every org's manager.
  '/audit-log': 'YY  YN  YNN YN   YNN',
  // Beyond the original 31: a merchant org's API keys, for its managers alone.
  '/api-key': 'NN  NN  YNN YN   YNN',
  // Beyond the original 31: a merchant org's webhook endpoints, for its managers alone.
  '/webhook': 'NN  NN  YNN YN   YNN',
  '/account': 'YY  YY  YYY YY   YYY',
  '/brand': 'YY  NN  NNN NN   NNN',
};

const cases = tableCases(expected).map(({ key: path, role, yes: allowed }) => ({ path, role, allowed }));

describe('route matrix', () => {
  // Counted as they run, so a filtered or short-circuited table cannot pass unnoticed.
  let ran = 0;
  afterAll(() => {
    expect(ran).toBe(432);
  });

  it('covers exactly the 36 guarded routes (the original 31, /audit-log, /policy, /address-book, /api-key, /webhook), in order, 432 role × route cases', () => {
    expect(Object.keys(expected)).toHaveLength(36);
    expect(ROUTES.map((r) => r.path)).toEqual(Object.keys(expected));
    expect(cases).toHaveLength(432);
    expect(Object.values(expected).every((row) => /^[YN]{12}$/.test(row.replace(/\s/g, '')))).toBe(true);
  });

  it('labels each route by its menu key', () => {
    const labels = Object.fromEntries(ROUTES.map((r) => [r.path, r.labelKey]));
    expect(labels['/network']).toBe('menu.network');
    expect(labels['/supply-history']).toBe('menu.supply-history');
    expect(labels['/merchant-lite-wallet']).toBe('menu.merchant-lite-wallet');
  });

  it.each(cases)('$role → $path allowed: $allowed', ({ path, role, allowed }) => {
    ran++;
    expect(canAccess(ROLES[role], path)).toBe(allowed);
  });

  it.each(cases.filter((c) => c.path !== '/home'))('$role → $path/5/edit follows $path', ({ path, role, allowed }) => {
    expect(canAccess(ROLES[role], `${path}/5/edit`)).toBe(allowed);
  });
});
