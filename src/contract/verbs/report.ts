import { ApiPath } from '../apiPaths';
import { defineVerbs } from '../verb';
import type { OrderReportKind } from '../report';
import { gasTotalsAnswer, gasTotalsQuery, orderDetailView, orderTotalsAnswer, orderTotalsQuery } from '../schemas/report';
import { detailQuery } from '../schemas/listQuery';
import { routeGroups } from '../../access/routeGroups';

const access = routeGroups.excludeAgent;

/** An order report's totals: the same filters as its list. */
const orderTotalsVerb = (kind: OrderReportKind) =>
  ({
    method: 'GET',
    path: ApiPath.report[kind].totals,
    summary: `The ${kind} report's totals per currency, under the list's filters`,
    access,
    query: orderTotalsQuery,
    response: orderTotalsAnswer,
  }) as const;

/**
 * Finance reports (docs/roles-and-routes.md; routes "all except agent"): what their declarations'
 * list and export do not serve, the totals per report (same filters) and one order's story.
 */
export const reportVerbs = defineVerbs({
  paymentTotals: orderTotalsVerb('payment'),
  linkpayTotals: orderTotalsVerb('linkpay'),
  rechargeTotals: orderTotalsVerb('recharge'),
  gasTotals: {
    method: 'GET',
    path: ApiPath.report.gas.totals,
    summary: "The gas report's totals per currency, under the list's filters",
    access,
    query: gasTotalsQuery,
    response: gasTotalsAnswer,
  },
  order: {
    method: 'GET',
    path: ApiPath.report.order,
    summary: "One order's story: its transfers, ledger entries and repairs",
    access,
    query: detailQuery,
    response: orderDetailView,
  },
});
