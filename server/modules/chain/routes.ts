import type { FastifyInstance } from 'fastify';
import { ApiPath } from '../../../src/contract/apiPaths';
import { chainBody, chainListQuery, chainUpdateBody } from '../../../src/contract/schemas/chain';
import { detailQuery } from '../../../src/contract/schemas/listQuery';
import { masks } from '../../../src/access';
import type { ServerContext } from '../../http/serverContext';
import { defineRoute } from '../../http/route';
import { pathId } from '../../http/pathId';
import { deleteChain, findChain, listChains, saveChain, updateChain } from './service';

/** Networks (docs/roles-and-routes.md): every signed-in role reads them; only the operator row changes them. */
export function registerChainRoutes(app: FastifyInstance, context: ServerContext): void {
  const { db } = context;
  const paths = ApiPath.chain;

  defineRoute(app, context, {
    method: 'GET',
    path: paths.list,
    access: masks.all,
    query: chainListQuery,
    // The same for every caller: remembered while the reference feed is live.
    cache: 'reference',
    handler: async ({ query }) => listChains(db, query),
  });

  defineRoute(app, context, {
    method: 'GET',
    path: paths.detail,
    access: masks.all,
    query: detailQuery,
    handler: async ({ query }) => findChain(db, query.id),
  });

  defineRoute(app, context, {
    method: 'POST',
    path: paths.save,
    access: masks.operator,
    body: chainBody,
    handler: async ({ body }) => saveChain(db, body, context.now()),
  });

  defineRoute(app, context, {
    method: 'POST',
    path: paths.update,
    access: masks.operator,
    body: chainUpdateBody,
    handler: async ({ body }) => updateChain(db, body, context.now()),
  });

  defineRoute(app, context, {
    method: 'POST',
    path: paths.delete,
    access: masks.operator,
    handler: async ({ params }) => deleteChain(db, pathId(params)),
  });
}
