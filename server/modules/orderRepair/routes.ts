import type { FastifyInstance } from 'fastify';
import { ApiPath } from '../../../src/contract/apiPaths';
import { orderLookupQuery, recheckBody, recreditBody } from '../../../src/contract/schemas/orderRepair';
import type { ServerContext } from '../../http/serverContext';
import { defineRoute } from '../../http/route';
import { lookUpOrder, recreditOrder } from './service';
import { recheckOrder } from './recheck';
import { pollChain } from '../deposit/watcher';
import { orderRepairView, recheckView } from '../../../src/contract/schemas/orderRepair';

/**
 * Order repair (/order-repair, "all except agent", docs/roles-and-routes.md): look an order up; re-check it on
 * chain (the operator row, a merchant's managers and finance); the operator row re-credits. Audited.
 */
export function registerOrderRepairRoutes(app: FastifyInstance, context: ServerContext): void {
  const { db } = context;
  const paths = ApiPath.orderRepair;
  // Both repairs read the order's chain first (docs/chains.md "Deposits").
  const readChain = (chainId: number) => pollChain(db, context.chains, chainId, context.now());
  defineRoute(app, context, {
    method: 'GET',
    path: paths.order,
    access: 'order.lookup',
    query: orderLookupQuery,
    response: orderRepairView,
    handler: async ({ caller, query }) => lookUpOrder(db, caller, query.q),
  });
  defineRoute(app, context, {
    method: 'POST',
    path: paths.recredit,
    access: 'order.recredit',
    body: recreditBody,
    response: orderRepairView,
    handler: async ({ caller, body }) => recreditOrder(db, caller, body, context.now(), readChain),
  });
  defineRoute(app, context, {
    method: 'POST',
    path: paths.recheck,
    access: 'order.recheck',
    body: recheckBody,
    response: recheckView,
    handler: async ({ caller, body, t }) => recheckOrder(db, caller, body.orderId, context.now(), t, readChain),
  });
}
