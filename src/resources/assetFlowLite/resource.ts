import { ApiPath } from '../../contract/apiPaths';
import { declareResource } from '../engine/declare';
import assetFlow from '../assetFlow/resource';

/**
 * /asset-flow-lite: the ledger of src/resources/assetFlow/resource.ts in five columns (time,
 * wallet, currency, change, balance after), for a quick look at what moved; the full one has
 * reasons and hashes. A second screen on the same API: on the first one's list path it registers
 * no route of its own (server/modules/declared/routes.ts); its export words the lite columns.
 */
export default declareResource({
  name: 'asset-flow-lite',
  route: { path: '/asset-flow-lite', group: 'excludeAgent' },
  icon: { lazy: () => import('@mui/icons-material/ReceiptLong') },
  menuGroup: 'reports',
  api: { module: 'assetFlow' },
  // The same API, so the same schemas: the full screen's loader.
  schema: assetFlow.schema,
  endpoints: { list: ApiPath.assetFlow.list, export: ApiPath.assetFlow.export },
  chainScoped: true,
  fields: [
    { source: 'chainId', kind: 'reference', reference: 'chain', inList: false },
    { source: 'createdAt', kind: 'dateTime', sortable: true },
    { source: 'walletLabel', kind: 'text' },
    { source: 'symbol', kind: 'text', filterable: 'alwaysOn' },
    { source: 'delta', kind: 'amount', inForm: false, sortable: true },
    { source: 'balanceAfter', kind: 'amount', inForm: false },
  ],
  views: { show: false },
  list: { sort: { field: 'createdAt', order: 'DESC' } },
});
