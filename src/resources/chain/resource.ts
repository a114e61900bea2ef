import { ACTIONS } from '../../access';
import { declareResource } from '../engine/declare';

/**
 * Networks (chains, docs/roles-and-routes.md): everyone reads, the operator row writes. Shown on
 * /network; the API and this folder call them `chain`. The whole resource is this file: its
 * server side is server/modules/chain/service.ts (README "A resource with its own service").
 */
export default declareResource({
  name: 'chain',
  route: { path: '/network', group: 'all' },
  icon: { lazy: () => import('@mui/icons-material/Hub') },
  menuGroup: 'chains',
  api: { module: 'chain' },
  // A failed chain list shows an empty list (the error toast still shows; docs/console.md).
  emptyOnListFailure: true,
  fields: [
    { source: 'chainId', kind: 'number', required: true, sortable: true, grouping: false },
    { source: 'name', kind: 'text', required: true, sortable: true, filterable: 'alwaysOn' },
    {
      source: 'family',
      kind: 'enum',
      choices: [
        { id: 'evm', name: 'EVM' },
        { id: 'tron', name: 'TRON' },
      ],
      required: true,
      default: 'evm',
      sortable: true,
      filterable: true,
    },
    { source: 'symbol', kind: 'text', required: true, sortable: true },
    { source: 'rpcUrl', kind: 'text', required: true, inList: false, fullWidth: true },
    { source: 'explorerUrl', kind: 'text', required: true, inList: false, fullWidth: true },
    { source: 'confirmations', kind: 'number', required: true, default: 12, sortable: true },
    { source: 'isDefault', kind: 'boolean', default: false, sortable: true, help: 'resources.chain.help.isDefault' },
    { source: 'enabled', kind: 'boolean', default: true, sortable: true, filterable: true },
    { source: 'createdAt', kind: 'dateTime', inList: false, inForm: false },
  ],
  schema: () =>
    import('../../contract/schemas/chain').then((m) => ({
      create: m.chainBody,
      update: m.chainUpdateBody,
      list: m.chainListQuery,
      record: m.chainRecord,
    })),
  access: { create: ACTIONS['reference.write'], edit: ACTIONS['reference.write'], delete: ACTIONS['reference.write'] },
  list: { sort: { field: 'chainId', order: 'ASC' } },
  recordRepresentation: 'name',
});
