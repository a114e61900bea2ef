import DescriptionIcon from '@mui/icons-material/Description';
import { CONTRACT_ADDRESS_FIELDS } from '../../contract/contractKinds';
import type { FieldDeclaration } from '../engine';
import { defineResource } from '../engine';
import { RESOURCE_ACCESS } from '../../access';

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
 * the operator row writes.
 */
export const contractAddress = defineResource({
  name: 'contract-address',
  route: '/contract-address',
  icon: DescriptionIcon,
  menuGroup: 'chains',
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
  schema: () => import('../../contract/schemas/contractAddress').then((m) => ({ update: m.contractAddressBody })),
  access: RESOURCE_ACCESS.contractAddress,
  list: { sort: { field: 'chainId', order: 'ASC' } },
  recordRepresentation: 'chainName',
});
