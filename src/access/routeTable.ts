import type { RouteGroup } from './routeGroups';

export interface GuardedRoute {
  path: string;
  group: RouteGroup;
  /** Translation key of its menu entry and title. */
  labelKey: string;
}

const route = (path: string, group: RouteGroup): GuardedRoute => ({ path, group, labelKey: `menu.${path.slice(1)}` });

/** The 31 guarded routes of SPEC A2, in menu order. */
export const ROUTES: readonly GuardedRoute[] = [
  route('/home', 'all'),
  route('/network', 'all'),
  route('/currency', 'all'),
  route('/multisig', 'excludeLite'),
  route('/transfer', 'all'),
  route('/withdraw', 'all'),
  route('/refund', 'all'),
  route('/supply', 'stdProOperator'),
  route('/supply-history', 'stdProOperator'),
  route('/merchant-pro-wallet', 'merchantPro'),
  route('/merchant-std-wallet', 'merchantStd'),
  route('/merchant-lite-wallet', 'merchantLite'),
  route('/operator', 'operator'),
  route('/agent', 'agent'),
  route('/merchant-pro', 'merchantPro'),
  route('/merchant-std', 'merchantStd'),
  route('/merchant-lite', 'merchantLite'),
  route('/aggregate', 'all'),
  route('/member', 'all'),
  route('/contract-address', 'excludeAgent'),
  route('/invitation', 'agent'),
  route('/asset-flow', 'excludeAgent'),
  route('/asset-flow-lite', 'excludeAgent'),
  route('/pay-link', 'excludeAgent'),
  route('/payment-report', 'excludeAgent'),
  route('/linkpay-report', 'excludeAgent'),
  route('/recharge-report', 'excludeAgent'),
  route('/gas-report', 'excludeAgent'),
  route('/order-repair', 'excludeAgent'),
  route('/account', 'all'),
  route('/brand', 'operator'),
];

export const PUBLIC_ROUTES: readonly string[] = ['/terms', '/login', '/signup', '/403', '/500'];
