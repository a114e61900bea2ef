import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { detailQuery } from '../../../src/contract/schemas/listQuery';
import { schemasOf } from '../../../src/resources/engine/declaredSchemas';
import { resourceAccessOf, resourcePathsOf } from '../../../src/resources/engine/resourceAccess';
import { isGenericApi, type GenericApi, type ResourceDeclaration } from '../../../src/resources/engine/types';
import type { ServerContext } from '../../http/serverContext';
import { registerCrudRoutes } from '../../http/crudRoutes';
import { declaredResources } from './discover';
import { moduleResources, type ModuleResource } from './moduleResources';
import { declaredService } from './service';
import { DeclarationError } from '../../../src/resources/engine/declarationError';
import { combine, type ResourceAccess } from '../../../src/access';

/**
 * The API of one declared resource, from its declaration alone: reads for the roles its route
 * group lets in, each write for the roles of its `access` (a write without a mask has no route).
 */
export function registerDeclaredResource(
  app: FastifyInstance,
  context: ServerContext,
  declaration: ResourceDeclaration & { api: GenericApi },
): void {
  const { db } = context;
  const schemas = schemasOf(declaration);
  const service = declaredService(declaration);
  if (typeof declaration.route === 'string')
    throw new Error(`resource '${declaration.name}': a declaration the generic service serves names its route group: route: {path, group}`);
  const { access = {} } = declaration;
  registerCrudRoutes(app, context, {
    paths: resourcePathsOf(declaration),
    access: resourceAccessOf(declaration),
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

/** A schema the declaration's loader must give for an action its service has. */
function required(schema: z.ZodType | undefined, resource: ModuleResource, what: string): z.ZodType {
  if (!schema) throw new Error(`resource '${resource.declaration.name}': its schema loader gives no '${what}' schema`);
  return schema;
}

/**
 * The detail of a record read by another key than its id (`detailIdParam`, e.g. `?chainId=`): the
 * same check as `?id=`, under that name; the service still receives it as `id`.
 */
function detailByKey(param: string) {
  const query: z.ZodType = z.object({ [param]: detailQuery.shape.id });
  return { query, idOf: (input: unknown) => Number((input as Record<string, unknown>)[param]) };
}

/**
 * The CRUD of a resource its module serves (`api: {module}`): the actions the module's service.ts
 * exports, each for the roles of the declaration's access; the module's routes.ts keeps only its
 * other verbs.
 */
export function registerModuleResource(
  app: FastifyInstance,
  context: ServerContext,
  resource: ModuleResource,
  access: ResourceAccess = resourceAccessOf(resource.declaration),
): void {
  const { declaration, service, schemas } = resource;
  const { summaries = {}, listCache, upsert } = service.crudNotes ?? {};
  const { list, detail, save, update, remove } = service;
  const byKey = declaration.detailIdParam && declaration.detailIdParam !== 'id' ? detailByKey(declaration.detailIdParam) : undefined;
  const exported = service.export;
  const asked = { resource: declaration.name };
  const stepUpOf = (action: 'save' | 'update' | 'remove') => (typeof service.stepUp === 'object' ? service.stepUp[action] : undefined);
  registerCrudRoutes<z.ZodType, z.ZodType>(app, context, {
    paths: resourcePathsOf(declaration),
    access,
    record: schemas.record,
    stepUp: service.stepUp === true,
    ...(list
      ? {
          list: {
            query: required(schemas.list, resource, 'list'),
            cache: listCache,
            summary: summaries.list,
            handler: ({ caller, query }) => list(context, { ...asked, caller, query: query as never }),
          },
        }
      : {}),
    ...(exported
      ? {
          export: {
            query: schemas.export ?? required(schemas.list, resource, 'list'),
            summary: summaries.export,
            handler: ({ caller, query, request, reply }) => exported(context, { ...asked, caller, query: query as never, request, reply }),
          },
        }
      : {}),
    ...(detail
      ? {
          detail: {
            summary: summaries.detail,
            query: byKey?.query ?? schemas.detail ?? (detailQuery as z.ZodType),
            handler: ({ caller, id, query }) =>
              detail(context, { ...asked, caller, id: byKey ? byKey.idOf(query) : id, query: query as never }),
          },
        }
      : {}),
    // An upsert (one record per key, set whole) answers save and update alike, for the roles of `edit`.
    ...(save && (upsert ? access.edit : access.create) !== undefined
      ? {
          create: {
            body: required(schemas.create, resource, 'create'),
            summary: summaries.save,
            upsert,
            stepUp: stepUpOf('save'),
            handler: ({ caller, body, request }) => save(context, { ...asked, caller, body: body as never, request }),
          },
        }
      : {}),
    ...(update && access.edit !== undefined
      ? {
          update: {
            body: required(schemas.update, resource, 'update'),
            summary: summaries.update,
            stepUp: stepUpOf('update'),
            handler: ({ caller, body, request }) => update(context, { ...asked, caller, body: body as never, request }),
          },
        }
      : {}),
    ...(remove && access.delete !== undefined
      ? {
          delete: {
            summary: summaries.remove,
            stepUp: stepUpOf('remove'),
            handler: ({ caller, id, request }) => remove(context, { ...asked, caller, id, request }),
          },
        }
      : {}),
  });
}

/**
 * Several screens on one API (the full and the lite asset flow, a tier's wallets): the second
 * declaration with the first one's module and list path shows the same records, so its routes
 * exist already; its paths must be the first one's, and its readers among the first one's (a
 * tier's page over the wallets every role reads), or the two would answer differently.
 */
function assertSameApi(first: ModuleResource, second: ModuleResource): void {
  const [a, b] = [first, second].map(({ declaration }) => {
    const paths = resourcePathsOf(declaration);
    return JSON.stringify([declaration.api.module, paths.list, paths.export]);
  });
  const [firstReaders, secondReaders] = [first, second].map(({ declaration }) => resourceAccessOf(declaration).read);
  if (a !== b || (secondReaders & ~firstReaders) !== 0n)
    throw new DeclarationError(
      `resource '${second.declaration.name}': its list path is '${first.declaration.name}'s; a second screen on one API has the same module and export path, and a route group within the first one's`,
    );
}

/** Each action for every role some declaration of a shared API gives it (ModuleService `sharedApi`). */
function sharedAccess(resources: readonly ModuleResource[]): ResourceAccess {
  const all = resources.map(({ declaration }) => resourceAccessOf(declaration));
  const union = (action: keyof ResourceAccess) => {
    const masks = all.flatMap((access) => (access[action] === undefined ? [] : [access[action]]));
    return masks.length === 0 ? undefined : combine(...masks);
  };
  const [create, edit, remove] = [union('create'), union('edit'), union('delete')];
  return {
    read: combine(...all.map((access) => access.read)),
    ...(create === undefined ? {} : { create }),
    ...(edit === undefined ? {} : { edit }),
    ...(remove === undefined ? {} : { delete: remove }),
  };
}

/** Every declaration under src/resources/<name>/resource.ts: the generic service's, then the modules'. */
export function registerDeclaredRoutes(app: FastifyInstance, context: ServerContext): void {
  for (const declaration of declaredResources) {
    if (isGenericApi(declaration.api)) registerDeclaredResource(app, context, { ...declaration, api: declaration.api });
  }
  const byListPath = new Map<string, ModuleResource[]>();
  for (const resource of moduleResources) {
    const { list } = resourcePathsOf(resource.declaration);
    byListPath.set(list, [...(byListPath.get(list) ?? []), resource]);
  }
  for (const [first, ...others] of byListPath.values()) {
    if (first.service.sharedApi) {
      const stranger = others.find((other) => other.declaration.api.module !== first.declaration.api.module);
      if (stranger)
        throw new DeclarationError(
          `resource '${stranger.declaration.name}': its list path is '${first.declaration.name}'s, served by another module`,
        );
      registerModuleResource(app, context, first, sharedAccess([first, ...others]));
      continue;
    }
    for (const other of others) assertSameApi(first, other);
    registerModuleResource(app, context, first);
  }
}
