import type { FastifyInstance } from 'fastify';
import { ApiPath } from '../../../src/contract/apiPaths';
import {
  gasReportList,
  gasReportQuery,
  gasTotalsAnswer,
  gasTotalsQuery,
  orderDetailView,
  orderReportList,
  orderReportQuery,
  orderTotalsAnswer,
  orderTotalsQuery,
} from '../../../src/contract/schemas/report';
import { csvFile } from '../../../src/contract/schemas/response';
import { ORDER_REPORTS } from '../../../src/contract/report';
import { routeGroups } from '../../../src/access';
import type { ServerContext } from '../../http/serverContext';
import { defineRoute } from '../../http/route';
import { listOrders, orderListSource, orderTotals } from './orders';
import { gasListSource, gasTotals, listGas } from './gas';
import { sendCsvExport } from '../../http/csvExport';
import { exportNames } from '../../http/exportNames';
import { detailQuery } from '../../../src/contract/schemas/listQuery';
import { orderDetail } from './orderDetail';
import { gasReportExport, orderReportExport } from '../../../src/contract/exports';

/** Finance reports (docs/roles-and-routes.md; routes "all except agent"): a list and its totals per report, same filters. */
export function registerReportRoutes(app: FastifyInstance, context: ServerContext): void {
  // Every report read tolerates a replica's lag (server/db/database.ts `reader`).
  const db = context.reader;
  const access = routeGroups.excludeAgent;
  for (const kind of ORDER_REPORTS) {
    const paths = ApiPath.report[kind];
    defineRoute(app, context, {
      method: 'GET',
      path: paths.list,
      access,
      query: orderReportQuery,
      response: orderReportList,
      handler: async ({ caller, query }) => listOrders(db, caller, kind, query, context.config.searchCap),
    });
    defineRoute(app, context, {
      method: 'GET',
      path: paths.totals,
      access,
      query: orderTotalsQuery,
      response: orderTotalsAnswer,
      handler: async ({ caller, query }) => orderTotals(db, caller, kind, query, context.config.searchCap),
    });
    const view = orderReportExport(kind);
    defineRoute(app, context, {
      method: 'GET',
      path: paths.export,
      access,
      query: orderReportQuery,
      response: csvFile,
      handler: async ({ caller, query, request, reply }) =>
        sendCsvExport(request, reply, context.messages, {
          names: await exportNames(context.reader),
          ...(await orderListSource(db, caller, kind, query, context.config.searchCap)),
          sort: { sort: query.sort, order: query.sort ? query.order : 'desc' },
          view,
          name: `${kind}-report`,
        }),
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
  const gas = ApiPath.report.gas;
  defineRoute(app, context, {
    method: 'GET',
    path: gas.list,
    access,
    query: gasReportQuery,
    response: gasReportList,
    handler: async ({ caller, query }) => listGas(db, caller, query),
  });
  defineRoute(app, context, {
    method: 'GET',
    path: gas.totals,
    access,
    query: gasTotalsQuery,
    response: gasTotalsAnswer,
    handler: async ({ caller, query }) => gasTotals(db, caller, query),
  });
  defineRoute(app, context, {
    method: 'GET',
    path: gas.export,
    access,
    query: gasReportQuery,
    response: csvFile,
    handler: async ({ caller, query, request, reply }) =>
      sendCsvExport(request, reply, context.messages, {
        names: await exportNames(context.reader),
        ...gasListSource(db, caller, query),
        sort: { sort: query.sort, order: query.sort ? query.order : 'desc' },
        view: gasReportExport,
        name: 'gas-report',
      }),
  });
}
