import type { FastifyInstance } from 'fastify';
import { ApiPath } from '../../../src/contract/apiPaths';
import { RESOURCE_ACCESS } from '../../../src/contract/resourceAccess';
import { chainBody, chainListQuery, chainUpdateBody } from '../../../src/contract/schemas/chain';
import type { ServerContext } from '../../http/serverContext';
import { registerCrudRoutes } from '../../http/crudRoutes';
import { deleteChain, findChain, listChains, saveChain, updateChain } from './service';

/** Networks (docs/roles-and-routes.md): every signed-in role reads them; only the operator row changes them. */
export function registerChainRoutes(app: FastifyInstance, context: ServerContext): void {
  const { db } = context;
  registerCrudRoutes(app, context, {
    paths: ApiPath.chain,
    access: RESOURCE_ACCESS.chain,
    // The same for every caller: remembered while the reference feed is live.
    list: { query: chainListQuery, cache: 'reference', handler: async ({ query }) => listChains(db, query) },
    detail: { handler: async ({ id }) => findChain(db, id) },
    create: { body: chainBody, handler: async ({ body }) => saveChain(db, body, context.now()) },
    update: { body: chainUpdateBody, handler: async ({ body }) => updateChain(db, body, context.now()) },
    delete: { handler: async ({ id }) => deleteChain(db, id) },
  });
}
