import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import type { ResourcePaths } from '../../src/contract/apiPaths';
import { detailQuery } from '../../src/contract/schemas/listQuery';
import type { ServerContext } from './serverContext';
import { defineRoute, type HandlerInput, type RouteSpec } from './route';
import { pathId } from './pathId';

type Out<S> = S extends z.ZodType ? z.output<S> : undefined;
type Access = bigint;

interface Action<QS extends z.ZodType | undefined, BS extends z.ZodType | undefined, Extra = unknown> {
  /** Who may call it (a role mask of src/access). */
  access: Access;
  handler: (input: HandlerInput<Out<QS>, Out<BS>> & Extra) => Promise<unknown>;
  config?: RouteSpec<QS, BS>['config'];
  stepUp?: RouteSpec<QS, BS>['stepUp'];
}

/**
 * A resource's list / detail / save / update / delete (docs/api.md "Resources"): which exist,
 * who may call each, what each reads. Only what the resource's own domain adds is written per
 * module: the handlers (its service) and its schemas.
 */
export interface CrudSpec<LQ extends z.ZodType, DQ extends z.ZodType, CB extends z.ZodType, UB extends z.ZodType> {
  paths: Pick<ResourcePaths, 'list' | 'detail' | 'save' | 'update' | 'delete'>;
  list?: Action<LQ, undefined> & { query: LQ; cache?: 'reference' };
  /** `?id=` by default (the handler gets `id`); a resource may read its record by another key. */
  detail?: Action<DQ, undefined, { id: number }> & { query?: DQ };
  create?: Action<undefined, CB> & { body: CB };
  update?: Action<undefined, UB> & { body: UB };
  /** `POST …/delete/{id}`: the handler gets the path's `id` (a bad one answers 404). */
  delete?: Action<undefined, undefined, { id: number }>;
}

/** Registers the actions a resource has, each through `defineRoute` (access, validation, audit, retry). */
export function registerCrudRoutes<LQ extends z.ZodType, DQ extends z.ZodType = typeof detailQuery, CB extends z.ZodType = z.ZodType, UB extends z.ZodType = z.ZodType>(
  app: FastifyInstance,
  context: ServerContext,
  spec: CrudSpec<LQ, DQ, CB, UB>,
): void {
  const { paths, list, detail, create, update } = spec;
  const remove = spec.delete;
  if (list) {
    defineRoute(app, context, { method: 'GET', path: paths.list, access: list.access, query: list.query, cache: list.cache, config: list.config, handler: list.handler });
  }
  if (detail) {
    defineRoute(app, context, {
      method: 'GET',
      path: paths.detail,
      access: detail.access,
      query: (detail.query ?? detailQuery) as DQ,
      config: detail.config,
      handler: (input) => detail.handler({ ...input, id: Number((input.query as { id?: unknown } | undefined)?.id) }),
    });
  }
  if (create) {
    defineRoute(app, context, { method: 'POST', path: paths.save, access: create.access, body: create.body, stepUp: create.stepUp, config: create.config, handler: create.handler });
  }
  if (update) {
    defineRoute(app, context, { method: 'POST', path: paths.update, access: update.access, body: update.body, stepUp: update.stepUp, config: update.config, handler: update.handler });
  }
  if (remove) {
    defineRoute(app, context, {
      method: 'POST',
      path: paths.delete,
      access: remove.access,
      stepUp: remove.stepUp,
      config: remove.config,
      handler: (input) => remove.handler({ ...input, id: pathId(input.params) }),
    });
  }
}
