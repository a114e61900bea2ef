import { ROUTES, routeGroups, type ResourceAccess } from '../../access';
import { resourcePaths, type ResourcePaths } from '../../contract/apiPaths';
import type { ResourceDeclaration } from './types';

/**
 * Who may call a declared resource's list / detail / save / update / delete: reading is for the
 * roles its route lets in, each write for the roles of its `access` (a write without a mask has
 * no route). The server registers its routes with it; the console offers the same actions.
 */
export function resourceAccessOf(declaration: ResourceDeclaration): ResourceAccess {
  const { route } = declaration;
  const group = typeof route === 'string' ? ROUTES.find((r) => r.path === route)?.group : route.group;
  if (!group) throw new Error(`resource '${declaration.name}': its route names no group of the route table`);
  return { read: routeGroups[group], ...declaration.access };
}

/** A declared resource's API paths: /sys/<name>/… (or its `endpoints.base`), with the single paths it overrides. */
export function resourcePathsOf(declaration: ResourceDeclaration): ResourcePaths {
  const { base, ...overrides } = declaration.endpoints ?? {};
  return { ...resourcePaths(declaration.name, base), ...overrides };
}
