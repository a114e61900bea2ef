import type { FastifyInstance } from 'fastify';
import { resourcePaths } from '../../../src/contract/apiPaths';
import { routeGroups } from '../../../src/access';
import { schemasOf } from '../../../src/resources/engine/declaredSchemas';
import type { ResourceDeclaration } from '../../../src/resources/engine/types';
import type { ServerContext } from '../../http/serverContext';
import { registerCrudRoutes } from '../../http/crudRoutes';
import { declaredResources } from './discover';
import { declaredService } from './service';

/**
 * The API of one declared resource, from its declaration alone: reads for the roles its route
 * group lets in, each write for the roles of its `access` (a write without a mask has no route).
 */
export function registerDeclaredResource(app: FastifyInstance, context: ServerContext, declaration: ResourceDeclaration): void {
  const { db } = context;
  const schemas = schemasOf(declaration);
  const service = declaredService(declaration);
  const group = typeof declaration.route === 'string' ? undefined : declaration.route.group;
  if (!group)
    throw new Error(`resource '${declaration.name}': a declaration the generic service serves names its route group: route: {path, group}`);
  const { access = {} } = declaration;
  registerCrudRoutes(app, context, {
    paths: { ...resourcePaths(declaration.name, declaration.endpoints?.base), ...declaration.endpoints },
    access: { read: routeGroups[group], ...access },
    record: schemas.record,
    list: { query: schemas.list, handler: ({ caller, query }) => service.list(db, caller, query) },
    detail: { handler: ({ caller, id }) => service.detail(db, caller, id) },
    ...(access.create !== undefined
      ? { create: { body: schemas.create, handler: ({ caller, body }) => service.save(db, caller, body as never, context.now()) } }
      : {}),
    ...(access.edit !== undefined
      ? { update: { body: schemas.update, handler: ({ caller, body }) => service.update(db, caller, body as never, context.now()) } }
      : {}),
    ...(access.delete !== undefined ? { delete: { handler: ({ caller, id }) => service.remove(db, caller, id) } } : {}),
  });
}

/** Every declaration under src/resources/<name>/resource.ts with an `api`. */
export function registerDeclaredRoutes(app: FastifyInstance, context: ServerContext): void {
  for (const declaration of declaredResources) registerDeclaredResource(app, context, declaration);
}
