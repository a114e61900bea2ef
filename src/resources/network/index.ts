import HubIcon from '@mui/icons-material/Hub';
import { defineResource } from '../engine';
import { RESOURCE_ACCESS } from '../../access';

/** Networks (chains, docs/roles-and-routes.md): everyone reads, the operator row writes. The API calls them `chain`. */
export const network = defineResource({
  name: 'network',
  route: '/network',
  icon: HubIcon,
  menuGroup: 'chains',
  endpoints: { base: '/sys/chain' },
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
    { source: 'isDefault', kind: 'boolean', default: false, sortable: true, help: 'resources.network.help.isDefault' },
    { source: 'enabled', kind: 'boolean', default: true, sortable: true, filterable: true },
    { source: 'createdAt', kind: 'dateTime', inList: false, inForm: false },
  ],
  schema: () => import('../../contract/schemas/chain').then((m) => ({ create: m.chainBody, update: m.chainUpdateBody })),
  access: RESOURCE_ACCESS.chain,
  list: { sort: { field: 'chainId', order: 'ASC' } },
  recordRepresentation: 'name',
});
