import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Caller } from '../../http/caller';
import type { ServerContext } from '../../http/serverContext';
import { newestFirst } from '../../http/pagination';
import { sendListExport } from '../../http/listExport';
import { ORDER_REPORTS, type OrderReportKind } from '../../../src/contract/report';
import type { GasReportQuery, OrderReportQuery } from '../../../src/contract/schemas/report';
import { gasReportExport, orderReportExport } from '../../../src/contract/exports';
import { listOrders, orderListSource } from './orders';
import { gasListSource, listGas } from './gas';

/*
 * The four reports' list and export, by the names the declarations' module service is read by
 * (src/resources/<kind>Report/resource.ts, server/modules/declared/moduleService.ts). Each
 * declaration's schema loader validates its own query (an order report's or the gas report's),
 * so the query a report gets is its kind's. Every report read tolerates a replica's lag
 * (server/db/database.ts `reader`).
 */

type ReportKind = OrderReportKind | 'gas';
const KINDS: readonly ReportKind[] = [...ORDER_REPORTS, 'gas'];

/** `payment-report` → `payment`: the declaration's name says which report. */
function kindOf(resource: string): ReportKind {
  const kind = KINDS.find((k) => `${k}-report` === resource);
  if (!kind) throw new Error(`resource '${resource}' is no report of server/modules/report`);
  return kind;
}

interface Asked {
  caller: Caller;
  resource: string;
  query: OrderReportQuery | GasReportQuery;
}

export async function list(context: ServerContext, { caller, resource, query }: Asked) {
  const kind = kindOf(resource);
  if (kind === 'gas') return listGas(context.reader, caller, query as GasReportQuery);
  return listOrders(context.reader, caller, kind, query as OrderReportQuery, context.config.searchCap);
}

/** The whole filtered report as CSV, newest first unless sorted; named after the report. */
async function exportReport(context: ServerContext, input: Asked & { request: FastifyRequest; reply: FastifyReply }) {
  const { caller, resource, query, request, reply } = input;
  const kind = kindOf(resource);
  const db = context.reader;
  const common = {
    sort: newestFirst(query),
    name: resource,
  };
  if (kind === 'gas')
    return sendListExport(context, request, reply, {
      ...common,
      ...gasListSource(db, caller, query as GasReportQuery),
      view: gasReportExport,
    });
  const source = await orderListSource(db, caller, kind, query as OrderReportQuery, context.config.searchCap);
  return sendListExport(context, request, reply, { ...common, ...source, view: orderReportExport(kind) });
}
export { exportReport as export };
