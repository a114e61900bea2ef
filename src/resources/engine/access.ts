import type { AuthProvider } from 'react-admin';
import { maskHas, routeGroups, type RoleMask, type RouteGroup } from '../../access';
import { session } from '../../session';
import type { CrudAction, ResourceDeclaration, ResourceDefinition, ViewName } from './types';

const CRUD: readonly string[] = ['create', 'edit', 'delete'] satisfies CrudAction[];

/**
 * The access rule of a declared resource, pure: the route's guard group first, then
 * for create / edit / delete the declaration's mask. An action without a mask (or
 * without a view to do it in) is not offered to anyone: read-only is the default.
 */
export function resourceCanDo(
  group: RouteGroup,
  masks: ResourceDeclaration['access'],
  hasView: (view: ViewName) => boolean,
  roleIndex: number | null | undefined,
  action: string,
): boolean {
  if (!maskHas(routeGroups[group], roleIndex)) return false;
  if (action === 'list' || action === 'show' || action === 'create' || action === 'edit') {
    if (!hasView(action)) return false;
  }
  if (!CRUD.includes(action)) return true;
  const mask: RoleMask | undefined = masks?.[action as CrudAction];
  return mask !== undefined && maskHas(mask, roleIndex);
}

interface Accessible {
  props: { name: string };
  canDo: ResourceDefinition['canDo'];
}

/**
 * react-admin asks `canAccess({resource, action})` before every resource page and
 * button: declared resources answer from their declaration with the role held in
 * memory; anything else goes to the wrapped provider. `shownOn` names, for each list that is no
 * resource of its own, the resource whose page shows it.
 */
export function withResourceAccess(
  authProvider: AuthProvider,
  resources: readonly Accessible[],
  shownOn: Record<string, string> = {},
): AuthProvider {
  const byName = new Map(resources.map((r) => [r.props.name, r]));
  const canAccess: NonNullable<AuthProvider['canAccess']> = async (params) => {
    // A list that is no resource of its own (the sign log) is read by whoever may list the resource whose page shows it.
    const owner = Object.hasOwn(shownOn, params.resource) ? shownOn[params.resource] : undefined;
    if (owner !== undefined) return canAccess({ ...params, resource: owner, action: 'list' });
    const resource = byName.get(params.resource);
    if (!resource) return authProvider.canAccess ? authProvider.canAccess(params) : true;
    // After a reload the role is known once the session is restored (one /me call, then memory).
    if (!session.isLoaded() && authProvider.checkAuth) await authProvider.checkAuth({}).catch(() => undefined);
    const { roleIndex, selectedOrg } = session.get();
    const target = params.record ? { record: params.record as Record<string, unknown>, org: selectedOrg } : undefined;
    return resource.canDo(roleIndex, params.action, target);
  };
  return { ...authProvider, canAccess };
}
