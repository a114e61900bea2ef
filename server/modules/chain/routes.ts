import type { FastifyInstance } from 'fastify';
import { ApiPath } from '../../../src/contract/apiPaths';
import { chainBody, chainList, chainListQuery, chainRecord, chainUpdateBody } from '../../../src/contract/schemas/chain';
import { detailQuery } from '../../../src/contract/schemas/listQuery';
import { masks } from '../../../src/access';
import type { ServerContext } from '../../http/serverContext';
import { defineRoute } from '../../http/route';
import { pathId } from '../../http/pathId';
import { deleteChain, findChain, listChains, saveChain, updateChain } from './service';

/** Networks (SPEC A6, B6): every signed-in role reads them; only the operator row changes them. */
export function registerChainRoutes(app: FastifyInstance, context: ServerContext): void {
  const { db } = context;
  const paths = ApiPath.chain;

  defineRoute(app, context, {
    method: 'GET',
    path: paths.list,
    summary: 'The networks, filtered, sorted and paged',
    access: masks.all,
    response: chainList,
    query: chainListQuery,
    // The same for every caller: remembered while the reference feed is live.
    cache: 'reference',
    handler: async ({ query }) => listChains(db, query),
  });

  defineRoute(app, context, {
    method: 'GET',
    path: paths.detail,
    summary: 'One network',
    access: masks.all,
    response: chainRecord,
    query: detailQuery,
    handler: async ({ query }) => findChain(db, query.id),
  });

  defineRoute(app, context, {
    method: 'POST',
    path: paths.save,
    summary: 'Add a network (the first one becomes the default)',
    access: masks.operator,
    response: chainRecord,
    body: chainBody,
    handler: async ({ body }) => saveChain(db, body, context.now()),
  });

  defineRoute(app, context, {
    method: 'POST',
    path: paths.update,
    summary: 'Change a network (its family and chain id only while nothing uses it)',
    access: masks.operator,
    response: chainRecord,
    body: chainUpdateBody,
    handler: async ({ body }) => updateChain(db, body, context.now()),
  });

  defineRoute(app, context, {
    method: 'POST',
    path: paths.delete,
    summary: 'Delete a network nothing uses: answers the deleted record',
    access: masks.operator,
    response: chainRecord,
    handler: async ({ params }) => deleteChain(db, pathId(params)),
  });
}
