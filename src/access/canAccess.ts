import { maskHas } from './roleMask';
import { isActionName, may } from './policy';
import { routeGroups } from './routeGroups';
import { guardedRoutes, PUBLIC_ROUTES, type GuardedRoute } from './routeTable';

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

/**
 * react-admin's `canAccess({resource, action})` for a resource that is not declared: its route
 * first, then the access table's action of the same name (`withdraw` + `create` →
 * `withdraw.create`, src/access/policy.ts) when there is one.
 */
export function canAccessResource(roleIndex: number | null | undefined, resource: string, action: string): boolean {
  const route = guardedRoutes().find((r) => r.path === `/${resource}`);
  if (!route || !maskHas(routeGroups[route.group], roleIndex)) return false;
  const named = `${resource}.${action}`;
  return isActionName(named) ? may(roleIndex, named) : true;
}

/** The routes a role reaches, in menu order. */
export const routesFor = (roleIndex: number | null | undefined): GuardedRoute[] =>
  guardedRoutes().filter((r) => maskHas(routeGroups[r.group], roleIndex));
