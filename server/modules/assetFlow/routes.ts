import type { FastifyInstance } from 'fastify';
import { ApiPath } from '../../../src/contract/apiPaths';
import { assetFlowListQuery } from '../../../src/contract/schemas/assetFlow';
import { routeGroups } from '../../../src/access';
import type { ServerContext } from '../../http/serverContext';
import { defineRoute } from '../../http/route';
import { listAssetFlow } from './service';

/** The ledger of balance changes (/asset-flow, "all except agent"); written only through server/modules/ledger/post.ts. */
export function registerAssetFlowRoutes(app: FastifyInstance, context: ServerContext): void {
  defineRoute(app, context, {
    method: 'GET',
    path: ApiPath.assetFlow.list,
    access: routeGroups.excludeAgent,
    query: assetFlowListQuery,
    handler: async ({ caller, query }) => listAssetFlow(context.db, caller, query),
  });
}
