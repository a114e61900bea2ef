import { maskHas, type RoleMask } from './roleMask';
import { masks } from './masks';
import { routesFor } from './canAccess';
import type { GuardedRoute } from './routeTable';

/**
 * Routes that do one job for different roles. Each role's menu shows one entry per job:
 * the first listed route the role reaches whose `menuFor` (default: everyone who reaches
 * it) includes the role. The others stay reachable by URL, guarded by their route group
 * (docs/roles-and-routes.md); they only leave the menu.
 *
 * - Wallets: /aggregate is every role's wallet page (the list in the caller's scope, with the
 *   writes managers make and "Change signers"); the tier pages /merchant-*-wallet show the
 *   same wallets read-only, so a merchant seeing both saw one list twice.
 * - Asset flow: lite roles get the five-column ledger made for them, everyone else the full one.
 */
export const ROUTE_JOBS: Readonly<Record<string, ReadonlyArray<{ path: string; menuFor?: RoleMask }>>> = {
  wallets: [{ path: '/aggregate' }, { path: '/merchant-pro-wallet' }, { path: '/merchant-std-wallet' }, { path: '/merchant-lite-wallet' }],
  assetFlow: [{ path: '/asset-flow-lite', menuFor: masks.merchantLiteOnly }, { path: '/asset-flow' }],
};

/** The job a route does: its ROUTE_JOBS entry, else the route alone. */
export function jobOf(path: string): string {
  for (const [job, routes] of Object.entries(ROUTE_JOBS)) if (routes.some((r) => r.path === path)) return job;
  return path;
}

/** The routes of a role's menu, in route-table order: what it reaches, one route per job. */
export function menuRoutesFor(roleIndex: number | null | undefined): GuardedRoute[] {
  const reached = routesFor(roleIndex);
  const reaches = new Set(reached.map((r) => r.path));
  const chosen = new Map<string, string>();
  for (const [job, routes] of Object.entries(ROUTE_JOBS)) {
    const pick = routes.find((r) => reaches.has(r.path) && (r.menuFor === undefined || maskHas(r.menuFor, roleIndex)));
    if (pick) chosen.set(job, pick.path);
  }
  return reached.filter((route) => {
    const job = jobOf(route.path);
    return job === route.path || chosen.get(job) === route.path;
  });
}
