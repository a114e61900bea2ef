import type { FastifyInstance } from 'fastify';
import { ApiPath } from '../../../src/contract/apiPaths';
import { RESOURCE_ACCESS } from '../../../src/access';
import {
  chainBody,
  chainList,
  chainListQuery,
  chainRecord,
  chainUpdateBody,
  type ChainRecord,
  type ChainRow,
} from '../../../src/contract/schemas/chain';
import type { ServerContext } from '../../http/serverContext';
import { registerCrudRoutes } from '../../http/crudRoutes';
import { deleteChain, findChain, listChains, saveChain, updateChain } from './service';

/** Networks (docs/roles-and-routes.md): every signed-in role reads them; only the operator row changes them. */
export function registerChainRoutes(app: FastifyInstance, context: ServerContext): void {
  const { db } = context;
  // Each answer says where the chain's transactions happen, so the console knows whether an explorer sees them.
  const withMode = (row: ChainRow): ChainRecord => ({ ...row, mode: context.chains.modeOf(row.family) });
  registerCrudRoutes(app, context, {
    paths: ApiPath.chain,
    access: RESOURCE_ACCESS.chain,
    record: chainRecord,
    // The same for every caller: remembered while the reference feed is live.
    list: {
      query: chainListQuery,
      cache: 'reference',
      response: chainList,
      summary: 'The networks, filtered, sorted and paged',
      handler: async ({ query }) => {
        const page = await listChains(db, query);
        return { ...page, list: page.list.map(withMode) };
      },
    },
    detail: { summary: 'One network', handler: async ({ id }) => withMode(await findChain(db, id)) },
    create: {
      body: chainBody,
      summary: 'Add a network (the first one becomes the default)',
      handler: async ({ body }) => withMode(await saveChain(db, body, context.now())),
    },
    update: {
      body: chainUpdateBody,
      summary: 'Change a network (its family and chain id only while nothing uses it)',
      handler: async ({ body }) => withMode(await updateChain(db, body, context.now())),
    },
    delete: {
      summary: 'Delete a network nothing uses: answers the deleted record',
      handler: async ({ id }) => withMode(await deleteChain(db, id)),
    },
  });
}
