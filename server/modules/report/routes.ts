import { reportVerbs } from '../../../src/contract/verbs/report';
import { serveVerbs } from '../../http/verbs';
import { orderTotals } from './orders';
import { gasTotals } from './gas';
import { orderDetail } from './orderDetail';

/**
 * Finance reports (docs/roles-and-routes.md; routes "all except agent"): what their declarations'
 * list and export (service.ts) do not serve, the totals per report (same filters) and one order's story.
 */
export const registerReportRoutes = serveVerbs(reportVerbs, (_app, context) => {
  // Every report read tolerates a replica's lag (server/db/database.ts `reader`).
  const db = context.reader;
  const { searchCap } = context.config;
  return {
    paymentTotals: async ({ caller, query }) => orderTotals(db, caller, 'payment', query, searchCap),
    linkpayTotals: async ({ caller, query }) => orderTotals(db, caller, 'linkpay', query, searchCap),
    rechargeTotals: async ({ caller, query }) => orderTotals(db, caller, 'recharge', query, searchCap),
    gasTotals: async ({ caller, query }) => gasTotals(db, caller, query),
    order: async ({ caller, query }) => orderDetail(db, caller, query.id),
  };
});
