import type { FastifyInstance } from 'fastify';
import { ApiPath } from '../../../src/contract/apiPaths';
import { orderLookupQuery, recreditBody } from '../../../src/contract/schemas/orderRepair';
import { ORDER_REPAIRERS } from '../../../src/contract/orderRepair';
import { routeGroups } from '../../../src/access';
import type { ServerContext } from '../../http/serverContext';
import { defineRoute } from '../../http/route';
import { lookUpOrder, recreditOrder } from './service';

/** Order repair (SPEC B6 /order-repair, "all except agent"): look an order up; the operator row re-credits, audited. */
export function registerOrderRepairRoutes(app: FastifyInstance, context: ServerContext): void {
  const { db } = context;
  const paths = ApiPath.orderRepair;
  defineRoute(app, context, { method: 'GET', path: paths.order, access: routeGroups.excludeAgent, query: orderLookupQuery, handler: async ({ caller, query }) => lookUpOrder(db, caller, query.q) });
  defineRoute(app, context, { method: 'POST', path: paths.recredit, access: ORDER_REPAIRERS, body: recreditBody, handler: async ({ caller, body }) => recreditOrder(db, caller, body, context.now()) });
}
