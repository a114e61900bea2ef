import PaymentsIcon from '@mui/icons-material/Payments';
import LinkIcon from '@mui/icons-material/Link';
import SavingsIcon from '@mui/icons-material/Savings';
import LocalGasStationIcon from '@mui/icons-material/LocalGasStation';
import type { ComponentType } from 'react';
import type { RoutePath } from '../../access';
import { ApiPath } from '../../contract/apiPaths';
import { GAS_REASONS, ORDER_STATUSES, type OrderReportKind } from '../../contract/report';
import { defineResource } from '../engine';
import type { FieldDeclaration } from '../engine/types';

/** Filters every report shares; `q` and `orgId` filter only (no column), the dates come from the summary. */
const shared: FieldDeclaration[] = [
  { source: 'q', kind: 'text', filterable: 'alwaysOn', inList: false, inShow: false, inForm: false },
  { source: 'orgId', kind: 'reference', reference: 'org', filterable: true, inList: false, inShow: false, inForm: false },
  { source: 'chainId', kind: 'reference', reference: 'chain', inList: false, inForm: false },
];
const summary = () => import('./ReportSummary');
const orderDrawer = () => import('./OrderDrawer');
const empty = () => import('./ReportEmpty');

function orderReport(kind: OrderReportKind, route: RoutePath, icon: ComponentType) {
  return defineResource({
    name: `${kind}-report`,
    route,
    icon,
    menuGroup: 'reports',
    endpoints: { list: ApiPath.report[kind].list, export: ApiPath.report[kind].export },
    chainScoped: true,
    fields: [
      ...shared,
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
    list: { sort: { field: 'createdAt', order: 'DESC' }, summary, empty, columnChooser: true, allChains: true, rowDrawer: orderDrawer },
  });
}

/** Finance reports (docs/roles-and-routes.md): filter, total per currency and export the whole filtered set. */
export const paymentReport = orderReport('payment', '/payment-report', PaymentsIcon);
export const linkpayReport = orderReport('linkpay', '/linkpay-report', LinkIcon);
export const rechargeReport = orderReport('recharge', '/recharge-report', SavingsIcon);

export const gasReport = defineResource({
  name: 'gas-report',
  route: '/gas-report',
  icon: LocalGasStationIcon,
  menuGroup: 'reports',
  endpoints: { list: ApiPath.report.gas.list, export: ApiPath.report.gas.export },
  chainScoped: true,
  fields: [
    ...shared,
    { source: 'createdAt', kind: 'dateTime', sortable: true },
    { source: 'orgName', kind: 'text' },
    { source: 'walletLabel', kind: 'text' },
    { source: 'reason', kind: 'enum', choices: GAS_REASONS.map((r) => ({ id: r, name: `report.reason.${r}` })), filterable: 'alwaysOn' },
    { source: 'symbol', kind: 'text' },
    { source: 'fee', kind: 'amount', inForm: false, sortable: true },
    { source: 'txHash', kind: 'address', inList: false },
  ],
  views: { show: false },
  list: { sort: { field: 'createdAt', order: 'DESC' }, summary, empty, columnChooser: true, allChains: true },
});
