import type { RouteGroup } from './routeGroups';

export interface GuardedRoute<P extends string = string> {
  path: P;
  group: RouteGroup;
  /** Translation key of its menu entry and title. */
  labelKey: string;
}

const route = <P extends `/${string}`>(path: P, group: RouteGroup): GuardedRoute<P> => ({ path, group, labelKey: `menu.${path.slice(1)}` });

/**
 * The guarded routes (docs/roles-and-routes.md): the 31 of the original table, /audit-log (docs/DECISIONS.md "Audit trail"), /policy and /address-book ("Transaction policy"), /api-key (docs/api.md "Merchant API keys"), /webhook (docs/webhooks.md), in menu order. Their paths are a type (`RoutePath`), so a
 * resource declared on a route missing here fails the typecheck, not only at start-up.
 */
export const ROUTES = [
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
  route('/policy', 'all'),
  route('/address-book', 'all'),
  route('/audit-log', 'auditLog'),
  route('/api-key', 'merchantManagers'),
  route('/webhook', 'merchantManagers'),
  route('/account', 'all'),
  route('/brand', 'operator'),
] as const satisfies readonly GuardedRoute[];

/**
 * Routes that resource declarations bring with them (a declaration's `route: {path, group}`),
 * added when the declaration is defined, after the table's own in menu order.
 */
const declaredRoutes: GuardedRoute[] = [];

/** Adds a declared resource's route; the same path twice must name the same group. */
export function addDeclaredRoute(route: GuardedRoute): void {
  const known = guardedRoutes().find((r) => r.path === route.path);
  if (known && known.group !== route.group)
    throw new Error(`route '${route.path}' is declared twice, guarded by '${known.group}' and '${route.group}'`);
  if (!known) declaredRoutes.push(route);
}

/** Every guarded route: the table's, then the declared ones. */
export const guardedRoutes = (): readonly GuardedRoute[] => (declaredRoutes.length === 0 ? ROUTES : [...ROUTES, ...declaredRoutes]);

/** A path of the route table. */
export type RoutePath = (typeof ROUTES)[number]['path'];

export const PUBLIC_ROUTES: readonly string[] = ['/terms', '/login', '/signup', '/403', '/500'];
