import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import type { ResourcePaths } from '../../src/contract/apiPaths';
import type { ResourceAccess } from '../../src/access';
import { detailQuery } from '../../src/contract/schemas/listQuery';
import { csvFile, listResult } from '../../src/contract/schemas/response';
import type { ServerContext } from './serverContext';
import { defineRoute, type HandlerInput, type RouteSpec } from './route';
import { pathId } from './pathId';

type Out<S> = S extends z.ZodType ? z.output<S> : undefined;
type Handler<QS, BS, Extra = unknown> = (input: HandlerInput<Out<QS>, Out<BS>> & Extra) => Promise<unknown>;
/** What every action may say of itself in the API's document (docs/api.md, /api/docs). */
interface Described {
  /** One line for the document. */
  summary?: string;
  /** The answer's `data`; default: the resource's `record` (detail, save, update, delete) or a list of them. */
  response?: z.ZodType;
}
/** A write may need a fresh step-up when the resource's other writes do not (see `CrudSpec.stepUp`). */
interface Write extends Described {
  stepUp?: true;
}

/**
 * A resource's list / detail / save / update / delete (docs/api.md): who may call each comes
 * from its access (src/access/policy.ts `RESOURCE_ACCESS`, or a declaration's); what each reads and does
 * is the resource's own (its schemas and its service). An action is registered only when given.
 */
export interface CrudSpec<
  LQ extends z.ZodType,
  DQ extends z.ZodType,
  CB extends z.ZodType,
  UB extends z.ZodType,
  EQ extends z.ZodType = LQ,
> {
  paths: Pick<ResourcePaths, 'list' | 'export' | 'detail' | 'save' | 'update' | 'delete'>;
  access: ResourceAccess;
  /**
   * The schema of one record as the API answers it: the answer of detail, save, update and delete
   * is serialised from it (a column it does not name never leaves the server), and the document
   * says it.
   */
  record?: z.ZodType;
  /**
   * Writes that need a fresh second factor from an enrolled caller (docs/DECISIONS.md "Two-factor authentication and
   * step-up"): all of them; a single write says so itself (`stepUp: true` on create, update or delete).
   */
  stepUp?: boolean;
  list?: Described & { query: LQ; cache?: 'reference'; config?: RouteSpec<LQ, undefined>['config']; handler: Handler<LQ, undefined> };
  /**
   * `GET …/export`: the whole filtered list as a CSV file (docs/DECISIONS.md "Export"), for the
   * roles that read the list; the handler streams it (server/http/csvExport.ts).
   */
  export?: Pick<Described, 'summary'> & { query: EQ; handler: Handler<EQ, undefined> };
  /** `?id=` by default (the handler gets `id`); a resource may read its record by another key. */
  detail?: Described & { query?: DQ; handler: Handler<DQ, undefined, { id: number }> };
  /** `save`; `upsert: true` also serves `update` with the same body and handler (a record per key, set whole). */
  create?: Write & { body: CB; handler: Handler<undefined, CB>; upsert?: true };
  update?: Write & { body: UB; handler: Handler<undefined, UB> };
  /** `POST …/delete/{id}`: the handler gets the path's `id` (a malformed one answers 400). */
  delete?: Write & { handler: Handler<undefined, undefined, { id: number }> };
}

function maskOf(access: ResourceAccess, action: 'create' | 'edit' | 'delete', path: string): bigint {
  const mask = access[action];
  if (mask === undefined)
    throw new Error(
      `${path}: the resource's access has no '${action}' mask (RESOURCE_ACCESS in src/access/policy.ts), so the route may not exist`,
    );
  return mask;
}

/** Registers the actions a resource has, each through `defineRoute` (access, validation, audit, retry). */
export function registerCrudRoutes<
  LQ extends z.ZodType,
  DQ extends z.ZodType = typeof detailQuery,
  CB extends z.ZodType = z.ZodType,
  UB extends z.ZodType = z.ZodType,
  EQ extends z.ZodType = LQ,
>(app: FastifyInstance, context: ServerContext, spec: CrudSpec<LQ, DQ, CB, UB, EQ>): void {
  const { paths, access, record, list, detail, create, update } = spec;
  const remove = spec.delete;
  const one = (action: Described) => ({ summary: action.summary, response: action.response ?? record });
  const write = (action: Write) => ({ ...one(action), stepUp: spec.stepUp || action.stepUp ? (true as const) : undefined });
  if (list) {
    const response = list.response ?? (record ? listResult(record) : undefined);
    defineRoute(app, context, {
      method: 'GET',
      path: paths.list,
      access: access.read,
      query: list.query,
      cache: list.cache,
      config: list.config,
      summary: list.summary,
      response,
      handler: list.handler,
    });
  }
  if (spec.export) {
    if (!paths.export) throw new Error(`${paths.list}: the resource has an export but its paths name no export path`);
    defineRoute(app, context, {
      method: 'GET',
      path: paths.export,
      access: access.read,
      query: spec.export.query,
      summary: spec.export.summary,
      response: csvFile,
      handler: spec.export.handler,
    });
  }
  if (detail) {
    defineRoute(app, context, {
      method: 'GET',
      path: paths.detail,
      access: access.read,
      query: (detail.query ?? detailQuery) as DQ,
      ...one(detail),
      handler: (input) => detail.handler({ ...input, id: Number((input.query as { id?: unknown } | undefined)?.id) }),
    });
  }
  if (create) {
    const writes = create.upsert ? [paths.save, paths.update] : [paths.save];
    const mask = create.upsert ? maskOf(access, 'edit', paths.update) : maskOf(access, 'create', paths.save);
    for (const path of writes)
      defineRoute(app, context, { method: 'POST', path, access: mask, body: create.body, ...write(create), handler: create.handler });
  }
  if (update)
    defineRoute(app, context, {
      method: 'POST',
      path: paths.update,
      access: maskOf(access, 'edit', paths.update),
      body: update.body,
      ...write(update),
      handler: update.handler,
    });
  if (remove) {
    defineRoute(app, context, {
      method: 'POST',
      path: paths.delete,
      access: maskOf(access, 'delete', paths.delete),
      ...write(remove),
      handler: (input) => remove.handler({ ...input, id: pathId(input.params) }),
    });
  }
}
