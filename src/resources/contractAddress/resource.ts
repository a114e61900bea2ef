import { CONTRACT_ADDRESS_FIELDS } from '../../contract/contractKinds';
import { ACTIONS } from '../../access';
import { declareResource } from '../engine/declare';
import type { FieldDeclaration } from '../engine/types';

/** The list shows the wallets' own contracts; show and edit have all 14. */
const LISTED = new Set<string>(['Hot', 'Cold', 'MultiSigHot', 'MultiSigCold']);

/** One address input per contract (docs/api.md "Contract kinds and addresses"), under its server field name; each is checked for the chain's family. */
const addressFields: FieldDeclaration[] = Object.entries(CONTRACT_ADDRESS_FIELDS).map(([kind, source]) => ({
  source,
  kind: 'address',
  inList: LISTED.has(kind),
  emptyText: 'resources.contract-address.notDeployed',
}));

/**
 * Contract addresses per chain: one row per chain, keyed by its chain ID;
 * saving is an upsert of the 14 addresses. Every role but agents reads (route group);
 * the operator row writes. The whole resource is this file; its server side is
 * server/modules/contractAddress/service.ts (README "A resource with its own service").
 */
export default declareResource({
  name: 'contract-address',
  route: { path: '/contract-address', group: 'excludeAgent' },
  icon: { lazy: () => import('@mui/icons-material/Description') },
  menuGroup: 'chains',
  api: { module: 'contractAddress' },
  idField: 'chainId',
  detailIdParam: 'chainId',
  fields: [
    { source: 'chainId', kind: 'reference', reference: 'chain', required: true, inForm: 'create', sortable: true, filterable: true },
    {
      source: 'family',
      kind: 'enum',
      choices: [
        { id: 'evm', name: 'EVM' },
        { id: 'tron', name: 'TRON' },
      ],
      inForm: false,
    },
    ...addressFields,
  ],
  schema: () =>
    import('../../contract/schemas/contractAddress').then((m) => ({
      create: m.contractAddressBody,
      update: m.contractAddressBody,
      list: m.contractAddressListQuery,
      record: m.contractAddressRecord,
    })),
  // One record per chain: saving is setting, so there is only the edit write (an upsert, served at save and update).
  access: { edit: ACTIONS['contractAddress.write'] },
  list: { sort: { field: 'chainId', order: 'ASC' } },
  recordRepresentation: 'chainName',
});
