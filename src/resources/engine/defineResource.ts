import { createElement, lazy, Suspense, type ComponentType } from 'react';
import { addDeclaredRoute, guardedRoutes, ROUTES, type RouteGroup } from '../../access';
import { resourcePaths } from '../../contract/apiPaths';
import { lazyScreen } from '../../shell/loading/lazyScreen';
import { resourceCanDo } from './access';
import { AccessGate } from './AccessGate';
import { DeclarationError } from './declarationError';
import { checkDeclaration } from './checkDeclaration';
import { afterUpdateOf } from './afterUpdate';
import { LIST_PAGE_SIZE, listFilter, listSort } from './listPage';
import type { IconLoader, ListRead, ResourceDeclaration, ResourceDefinition, SchemaLoader, ViewLoader, ViewName } from './types';

/** Generated views, each its own chunk; declarations replace any of them with `views`. */
const GENERATED: Record<ViewName, ViewLoader> = {
  list: () => import('./views/GeneratedList'),
  create: () => import('./views/GeneratedCreate'),
  edit: () => import('./views/GeneratedEdit'),
  show: () => import('./views/GeneratedShow'),
};

const VIEWS: readonly ViewName[] = ['list', 'create', 'edit', 'show'];

/** The route of a checked declaration (checkDeclaration): the table's, or the one it brings. */
function routeOf(declaration: ResourceDeclaration): { path: string; group: RouteGroup; labelKey: string } {
  const { name, route } = declaration;
  const path = typeof route === 'string' ? route : route.path;
  const listed = ROUTES.find((r) => r.path === path);
  if (typeof route === 'string') return listed!;
  const labelKey = listed?.labelKey ?? `resources.${name}.name`;
  // A route the declaration brings is guarded like the table's: by the group it names.
  if (!listed) addDeclaredRoute({ path, group: route.group, labelKey });
  return { path, group: route.group, labelKey };
}

const isIconLoader = (icon: ResourceDeclaration['icon']): icon is IconLoader => typeof icon === 'object' && icon !== null && 'lazy' in icon;

/** A menu icon loaded with the menu: an empty square of its size until it arrives. */
function iconOf(icon: ResourceDeclaration['icon']): ComponentType {
  if (!isIconLoader(icon)) return icon;
  const Loaded = lazy(icon.lazy);
  const placeholder = createElement('span', { style: { display: 'inline-block', width: '1em', height: '1em', fontSize: '1.5rem' } });
  return function DeclaredIcon(props: object) {
    return createElement(Suspense, { fallback: placeholder }, createElement(Loaded, props));
  };
}

/** A declaration the generic service serves validates with the schema its fields make, loaded with the form. */
function schemaLoader(declaration: ResourceDeclaration): SchemaLoader | undefined {
  if (declaration.schema || !declaration.api) return declaration.schema;
  return () => import('./declaredSchemas').then((m) => m.schemasOf(declaration));
}

/** A view that may not be reached is not generated: no create view without a create mask. */
function viewLoader(declaration: ResourceDeclaration, view: ViewName): ViewLoader | null {
  const custom = declaration.views?.[view];
  if (custom === false) return null;
  if (custom) return custom;
  if ((view === 'create' || view === 'edit') && declaration.access?.[view] === undefined) return null;
  return GENERATED[view];
}

/**
 * From one declaration: the `<Resource>` props (a lazy screen per view, loaded with
 * the shared schema its form validates with), the dataProvider entry, the menu
 * entry, the access rule and the translation keys.
 */
export function defineResource(declaration: ResourceDeclaration): ResourceDefinition {
  const { name, fields } = declaration;
  checkDeclaration(declaration);
  const route = routeOf(declaration);
  const resourceName = route.path.slice(1);
  const { base, ...pathOverrides } = declaration.endpoints ?? {};
  const loaders = Object.fromEntries(VIEWS.map((view) => [view, viewLoader(declaration, view)])) as Record<ViewName, ViewLoader | null>;
  const hasView = (view: ViewName) => loaders[view] !== null;
  const chainField = declaration.chainScoped === true ? 'chainId' : declaration.chainScoped || null;

  const schema = schemaLoader(declaration);
  const icon = iconOf(declaration.icon);
  // Links are checked here, not in checkDeclaration: a link may name another declaration's route.
  for (const field of fields) {
    const link = field.kind === 'number' ? field.link : undefined;
    if (link && !guardedRoutes().some((r) => r.path === link))
      throw new DeclarationError(
        `resource '${name}': field '${field.source}' links to '${link}', which is no route; name a route of src/access/routeTable.ts or a declared resource's`,
      );
  }

  const definition: ResourceDefinition = {
    declaration,
    name,
    resourceName,
    path: route.path,
    group: route.group,
    idField: declaration.idField ?? 'id',
    chainField,
    scope: declaration.scope ?? {},
    fields,
    nameKey: `resources.${name}.name`,
    fieldKey: (source) => `resources.${declaration.labels ?? name}.fields.${source}`,
    endpoint: {
      paths: { ...resourcePaths(name, base), ...pathOverrides },
      ...(declaration.idField ? { idField: declaration.idField } : {}),
      ...(declaration.detailIdParam ? { detailIdParam: declaration.detailIdParam } : {}),
      ...(declaration.emptyOnListFailure ? { emptyOnListFailure: true } : {}),
      ...afterUpdateOf(declaration),
    },
    menu: { path: route.path, labelKey: route.labelKey, icon, group: declaration.menuGroup },
    canDo: (roleIndex, action, target) => {
      if (!resourceCanDo(route.group, declaration.access, hasView, roleIndex, action)) return false;
      if (!target || !declaration.recordAccess || (action !== 'edit' && action !== 'delete')) return true;
      return target.org !== null && declaration.recordAccess(target.record, { org: target.org, roleIndex: roleIndex ?? null });
    },
    hasView,
    loadView: (view) => loaders[view]?.() ?? null,
    firstRead: (view, search, { chainId }) => {
      if (view !== 'list' || !loaders.list) return null;
      if (declaration.firstRead) return declaration.firstRead({ chainId });
      // A generated list on its defaults, as GeneratedList asks react-admin's List (a fresh page's store is
      // empty, every chain not picked): not with a query string, nor with a summary that may set filters.
      if (loaders.list !== GENERATED.list || search !== '' || declaration.list?.summary) return null;
      const read: ListRead = {
        pagination: { page: 1, perPage: declaration.list?.perPage ?? LIST_PAGE_SIZE },
        sort: listSort(declaration, fields),
        filter: listFilter({ scope: declaration.scope ?? {}, chainField }, chainId, false),
      };
      return read;
    },
    props: { name: resourceName },
  };

  const screen = (view: ViewName, load: ViewLoader): ComponentType =>
    lazyScreen<object>(async () => {
      const needsSchema = view === 'create' || view === 'edit';
      const [module, schemas] = await Promise.all([load(), needsSchema ? schema?.() : undefined]);
      const View = module.default;
      const Gated = () => createElement(AccessGate, { resource: resourceName, action: view }, createElement(View, { definition, schemas }));
      return { default: Gated };
    });

  definition.props = {
    name: resourceName,
    icon,
    options: { label: definition.nameKey },
    ...(declaration.recordRepresentation ? { recordRepresentation: declaration.recordRepresentation } : {}),
    ...Object.fromEntries(VIEWS.flatMap((view) => (loaders[view] ? [[view, screen(view, loaders[view])]] : []))),
  };
  return definition;
}
