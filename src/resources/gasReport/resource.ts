import { ApiPath } from '../../contract/apiPaths';
import { GAS_REASONS } from '../../contract/report';
import { declareResource } from '../engine/declare';
import { reportFilters, reportList } from '../reports/reportDeclaration';

/**
 * The gas report (/gas-report): the fees the platform's wallets spent (sweeps, withdrawals,
 * transfers, proposals), filtered, totalled per currency and exported; no drawer. Served by
 * server/modules/report/service.ts with the order reports.
 */
export default declareResource({
  name: 'gas-report',
  route: { path: '/gas-report', group: 'excludeAgent' },
  icon: { lazy: () => import('@mui/icons-material/LocalGasStation') },
  menuGroup: 'reports',
  api: { module: 'report' },
  schema: () => import('../../contract/schemas/report').then((m) => ({ list: m.gasReportQuery, record: m.gasReportRecord })),
  endpoints: { list: ApiPath.report.gas.list, export: ApiPath.report.gas.export },
  chainScoped: true,
  fields: [
    ...reportFilters,
    { source: 'createdAt', kind: 'dateTime', sortable: true },
    { source: 'orgName', kind: 'text' },
    { source: 'walletLabel', kind: 'text' },
    { source: 'reason', kind: 'enum', choices: GAS_REASONS.map((r) => ({ id: r, name: `report.reason.${r}` })), filterable: 'alwaysOn' },
    { source: 'symbol', kind: 'text' },
    { source: 'fee', kind: 'amount', inForm: false, sortable: true },
    { source: 'txHash', kind: 'address', inList: false },
  ],
  views: { show: false },
  list: reportList,
});
