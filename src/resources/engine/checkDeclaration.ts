import { routeGroups, ROUTES } from '../../access';
import { apiFieldsOf } from './apiFields';
import { DeclarationError } from './declarationError';
import { isGenericApi, type ResourceDeclaration } from './types';

/**
 * The mistakes a declaration can make on its own, each a sentence naming the declaration and the
 * fix (README "Adding a resource"). Free of React and zod: the server runs it on every
 * `src/resources/<name>/resource.ts` as it reads them, before the database is opened, and the
 * console's `defineResource` on every declaration, so a mistake stops both start-ups and the tests
 * instead of surfacing later as a TypeError or a silently empty list.
 */
export function checkDeclaration(declaration: ResourceDeclaration): void {
  const { name, route, fields } = declaration;
  if (typeof name !== 'string' || name === '')
    throw new DeclarationError(`resource '${String(name)}': it has no name; name it as its API does, like 'org-contact'`);
  if (!Array.isArray(fields)) throw new DeclarationError(`resource '${name}': it declares no fields; list its columns under fields`);
  const path = typeof route === 'string' ? route : route?.path;
  if (typeof path !== 'string') throw new DeclarationError(`resource '${name}': it declares no route; give it route: {path, group}`);
  const listed = ROUTES.find((r) => r.path === path);
  if (typeof route === 'string') {
    if (!listed)
      throw new DeclarationError(
        `resource '${name}': route '${path}' is not in the route table (src/access/routeTable.ts); add it to ROUTES with its group`,
      );
  } else {
    if (!Object.hasOwn(routeGroups, route.group)) {
      throw new DeclarationError(
        `resource '${name}': route group '${String(route.group)}' does not exist; use one of ${Object.keys(routeGroups).join(', ')} (src/access/routeGroups.ts)`,
      );
    }
    if (listed && listed.group !== route.group) {
      throw new DeclarationError(
        `resource '${name}': route '${path}' is guarded by '${listed.group}' in the route table (src/access/routeTable.ts), not '${route.group}'`,
      );
    }
    if (!/^\/[a-z0-9-]+$/.test(path))
      throw new DeclarationError(`resource '${name}': route '${path}' is not a path of one lower-case segment, like '/org-contact'`);
  }

  const sources = new Set(fields.map((f) => f.source));
  const twice = fields.find((f, i) => fields.findIndex((g) => g.source === f.source) !== i);
  if (twice) throw new DeclarationError(`resource '${name}': field '${twice.source}' is declared twice`);
  const chainField = declaration.chainScoped === true ? 'chainId' : declaration.chainScoped || null;
  if (chainField && !sources.has(chainField))
    throw new DeclarationError(`resource '${name}': chain-scoped by '${chainField}', which is not one of its fields`);
  for (const field of fields) {
    const narrowing = field.kind === 'enum' ? field.narrowedBy : undefined;
    if (narrowing && !sources.has(narrowing.field))
      throw new DeclarationError(
        `resource '${name}': field '${field.source}' is narrowed by '${narrowing.field}', which is not one of its fields`,
      );
  }

  const idField = declaration.idField ?? 'id';
  const sortField = declaration.list?.sort?.field;
  if (sortField !== undefined && sortField !== idField && !sources.has(sortField)) {
    throw new DeclarationError(
      `resource '${name}': list.sort names '${sortField}', which is not one of its fields; name one of ${[idField, ...sources].join(', ')}`,
    );
  }

  if (declaration.api && !isGenericApi(declaration.api)) {
    if (typeof declaration.api.module !== 'string' || !/^[a-zA-Z]+$/.test(declaration.api.module))
      throw new DeclarationError(`resource '${name}': api.module names no folder of server/modules; give it api: {module: 'chain'}`);
    if (!declaration.schema)
      throw new DeclarationError(
        `resource '${name}': a resource its module serves loads its schemas (src/contract/schemas): give it schema: () => import(...)`,
      );
  }
  if (isGenericApi(declaration.api)) {
    if (typeof declaration.api.table !== 'string' || declaration.api.table === '') {
      throw new DeclarationError(
        `resource '${name}': api names no table; give it api: {table, tenancy} with the table its migration creates (server/db/migrations)`,
      );
    }
    if (declaration.api.tenancy !== 'org' && declaration.api.tenancy !== 'platform') {
      throw new DeclarationError(`resource '${name}': api.tenancy '${String(declaration.api.tenancy)}' is neither 'org' nor 'platform'`);
    }
    // The generic service sorts only on what the list query accepts: the id and the sortable fields.
    const sortable = fields.find((f) => f.source === sortField);
    if (sortField !== undefined && sortField !== 'id' && sortable && !sortable.sortable) {
      throw new DeclarationError(
        `resource '${name}': list.sort names '${sortField}', which is not sortable; declare it with sortable: true`,
      );
    }
  }
  apiFieldsOf(declaration);
}

/**
 * A self-contained declaration (`src/resources/<name>/resource.ts`) is the whole resource: the
 * generic service serves it from its table, or its module's service does (`api: {module}`), so it
 * needs one of those and names its route's group (README "Adding a resource").
 */
export function checkSelfContained(declaration: ResourceDeclaration, file: string): void {
  if (typeof declaration !== 'object' || declaration === null || !('name' in declaration)) {
    throw new DeclarationError(`${file}: its default export is no declaration; export default declareResource({...})`);
  }
  if (!declaration.api) {
    throw new DeclarationError(
      `resource '${declaration.name}': it declares no table; a self-contained declaration (${file}) is served by the generic service, so give it api: {table, tenancy} and its migration`,
    );
  }
  if (typeof declaration.route === 'string' || typeof declaration.route?.group !== 'string') {
    throw new DeclarationError(`resource '${declaration.name}': a self-contained declaration names its route group: route: {path, group}`);
  }
  checkDeclaration(declaration);
}
