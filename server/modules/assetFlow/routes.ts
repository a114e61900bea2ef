import type { FastifyInstance } from 'fastify';
import { ApiPath } from '../../../src/contract/apiPaths';
import { assetFlowListQuery } from '../../../src/contract/schemas/assetFlow';
import type { ServerContext } from '../../http/serverContext';
import { defineRoute } from '../../http/route';
import { assetFlowSource, listAssetFlow } from './service';
import { sendCsvExport } from '../../http/csvExport';
import { exportNames } from '../../http/exportNames';
import { assetFlowExports } from '../../../src/contract/exports';
import { exportView } from '../../../src/contract/schemas/exportQuery';
import { assetFlowList } from '../../../src/contract/schemas/assetFlow';
import { csvFile } from '../../../src/contract/schemas/response';

/** The ledger of balance changes (/asset-flow, "all except agent"); written only through server/modules/ledger/post.ts. */
export function registerAssetFlowRoutes(app: FastifyInstance, context: ServerContext): void {
  defineRoute(app, context, {
    method: 'GET',
    path: ApiPath.assetFlow.list,
    access: 'assetFlow.read',
    query: assetFlowListQuery,
    response: assetFlowList,
    handler: async ({ caller, query }) => listAssetFlow(context.reader, caller, query),
  });
  defineRoute(app, context, {
    method: 'GET',
    path: ApiPath.assetFlow.export,
    access: 'assetFlow.read',
    query: assetFlowListQuery.extend({ view: exportView(['asset-flow', 'asset-flow-lite']) }),
    response: csvFile,
    handler: async ({ caller, query, request, reply }) => {
      const view = query.view ?? 'asset-flow';
      return sendCsvExport(request, reply, context.messages, {
        names: await exportNames(context.reader),
        ...assetFlowSource(context.reader, caller, query),
        sort: { sort: query.sort, order: query.sort ? query.order : 'desc' },
        view: assetFlowExports[view],
        name: view,
      });
    },
  });
}
