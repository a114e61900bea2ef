import type { FastifyInstance } from 'fastify';
import { ApiPath } from '../../../src/contract/apiPaths';
import {
  gasTotalsAnswer,
  gasTotalsQuery,
  orderDetailView,
  orderTotalsAnswer,
  orderTotalsQuery,
} from '../../../src/contract/schemas/report';
import { ORDER_REPORTS } from '../../../src/contract/report';
import { routeGroups } from '../../../src/access';
import type { ServerContext } from '../../http/serverContext';
import { defineRoute } from '../../http/route';
import { orderTotals } from './orders';
import { gasTotals } from './gas';
import { detailQuery } from '../../../src/contract/schemas/listQuery';
import { orderDetail } from './orderDetail';

/**
 * Finance reports (docs/roles-and-routes.md; routes "all except agent"): what their declarations'
 * list and export (service.ts) do not serve, the totals per report (same filters) and one order's story.
 */
export function registerReportRoutes(app: FastifyInstance, context: ServerContext): void {
  // Every report read tolerates a replica's lag (server/db/database.ts `reader`).
  const db = context.reader;
  const access = routeGroups.excludeAgent;
  for (const kind of ORDER_REPORTS) {
    defineRoute(app, context, {
      method: 'GET',
      path: ApiPath.report[kind].totals,
      access,
      query: orderTotalsQuery,
      response: orderTotalsAnswer,
      handler: async ({ caller, query }) => orderTotals(db, caller, kind, query, context.config.searchCap),
    });
  }
  defineRoute(app, context, {
    method: 'GET',
    path: ApiPath.report.order,
    access,
    query: detailQuery,
    response: orderDetailView,
    handler: async ({ caller, query }) => orderDetail(db, caller, query.id),
  });
  defineRoute(app, context, {
    method: 'GET',
    path: ApiPath.report.gas.totals,
    access,
    query: gasTotalsQuery,
    response: gasTotalsAnswer,
    handler: async ({ caller, query }) => gasTotals(db, caller, query),
  });
}
