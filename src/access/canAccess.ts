import { maskHas, type RoleMask } from './roleMask';
import { routeGroups } from './routeGroups';
import { guardedRoutes, PUBLIC_ROUTES, ROUTES, type GuardedRoute, type RoutePath } from './routeTable';

const normalise = (path: string) => {
  const bare = path.split(/[?#]/)[0].replace(/\/+$/, '');
  return bare === '' ? '/' : bare;
};

const covers = (base: string, path: string) => path === base || path.startsWith(`${base}/`);

/** The guarded route a path belongs to (`/network/5/edit` → /network), if any. */
export const routeOf = (path: string): GuardedRoute | undefined => {
  const bare = normalise(path);
  return guardedRoutes().find((r) => covers(r.path, bare));
};

export const isPublicRoute = (path: string): boolean => PUBLIC_ROUTES.some((p) => covers(p, normalise(path)));

/**
 * May this role open this path? Pure and synchronous: react-admin calls it before
 * every page, so it reads the role held in memory, never the network.
 */
export function canAccess(roleIndex: number | null | undefined, path: string): boolean {
  if (isPublicRoute(path)) return true;
  const route = routeOf(path);
  return route !== undefined && maskHas(routeGroups[route.group], roleIndex);
}

/** May this role perform an action guarded by `mask` (create, edit, delete…)? */
export const canRoleDo = (roleIndex: number | null | undefined, mask: RoleMask): boolean => maskHas(mask, roleIndex);

/** The routes a role reaches, in menu order. */
export const routesFor = (roleIndex: number | null | undefined): GuardedRoute[] =>
  guardedRoutes().filter((r) => maskHas(routeGroups[r.group], roleIndex));

/**
 * The roles of a route of the table, as an access mask: an endpoint that exists for one screen
 * only (the sign log, for /multisig) is open to exactly the roles that may open that screen.
 */
export function routeMask(path: RoutePath): RoleMask {
  const route = ROUTES.find((r) => r.path === path);
  if (!route) throw new Error(`'${path}' is not in the route table`);
  return routeGroups[route.group];
}
