import { ApiPath } from '../../contract/apiPaths';
import { ORDER_STATUSES, type OrderReportKind } from '../../contract/report';
import type { FieldDeclaration, ResourceDeclaration } from '../engine/types';

/*
 * What the four report declarations share (src/resources/<kind>Report/resource.ts: payment, linkpay, recharge, gas), free of React
 * and zod like them: finance reports (docs/roles-and-routes.md) filter, total per currency and
 * export the whole filtered set; server/modules/report serves them all.
 */

/** Filters every report shares; `q` and `orgId` filter only (no column), the dates come from the summary. */
export const reportFilters: FieldDeclaration[] = [
  { source: 'q', kind: 'text', filterable: 'alwaysOn', inList: false, inShow: false, inForm: false },
  { source: 'orgId', kind: 'reference', reference: 'org', filterable: true, inList: false, inShow: false, inForm: false },
  { source: 'chainId', kind: 'reference', reference: 'chain', inList: false, inForm: false },
];
const orderDrawer = () => import('./OrderDrawer');
/** Every report's list: newest first, its totals and date range above the rows, its own empty state, every chain at once. */
export const reportList = {
  sort: { field: 'createdAt', order: 'DESC' },
  summary: () => import('./ReportSummary'),
  empty: () => import('./ReportEmpty'),
  columnChooser: true,
  allChains: true,
} as const satisfies ResourceDeclaration['list'];

/** Payments, pay-link payments or recharges: one kind of order, with its drawer. */
export function orderReport(kind: OrderReportKind, path: string, icon: ResourceDeclaration['icon']): ResourceDeclaration {
  return {
    name: `${kind}-report`,
    route: { path, group: 'excludeAgent' },
    icon,
    menuGroup: 'reports',
    api: { module: 'report' },
    schema: () => import('../../contract/schemas/report').then((m) => ({ list: m.orderReportQuery, record: m.orderReportRecord })),
    endpoints: { list: ApiPath.report[kind].list, export: ApiPath.report[kind].export },
    chainScoped: true,
    fields: [
      ...reportFilters,
      { source: 'orderNo', kind: 'text', sortable: true },
      { source: 'createdAt', kind: 'dateTime', sortable: true },
      { source: 'orgName', kind: 'text' },
      ...(kind === 'linkpay' ? [{ source: 'payLinkTitle', kind: 'text' } as const] : []),
      // Picked in the summary from the selected chain's currencies (the list's `symbol` filter), not typed.
      {
        source: 'symbol',
        kind: 'enum',
        choices: {
          path: ApiPath.currency.list,
          value: 'symbol',
          label: 'symbol',
          dependsOn: { chainId: 'chainId' },
          query: { sort: 'symbol', order: 'asc' },
        },
      },
      { source: 'amount', kind: 'amount', inForm: false, sortable: true },
      { source: 'fee', kind: 'amount', inForm: false, sortable: true },
      {
        source: 'status',
        kind: 'enum',
        choices: ORDER_STATUSES.map((s) => ({ id: s, name: `report.status.${s}` })),
        filterable: 'alwaysOn',
      },
      { source: 'paidAt', kind: 'dateTime', sortable: true },
      // Long hashes stay off the table (they are in Export, and `q` finds an order by one).
      { source: 'txHash', kind: 'address', inList: false },
      { source: 'payerAddress', kind: 'address', inList: false },
      { source: 'depositAddress', kind: 'address', inList: false },
    ],
    views: { show: false },
    // A row opens the order's story: its payments on chain, repairs and ledger entries.
    list: { ...reportList, rowDrawer: orderDrawer },
  };
}
