import CurrencyBitcoinIcon from '@mui/icons-material/CurrencyBitcoin';
import { ApiPath } from '../../contract/apiPaths';
import { defineResource } from '../engine';
import { RESOURCE_ACCESS } from '../../access';

const configAmount = { kind: 'amount', decimals: { field: 'decimals' }, default: '0', inList: true } as const;

/**
 * Currencies per chain (docs/roles-and-routes.md): everyone reads, the operator row writes. The list
 * follows the chain selected in the app bar; a new currency picks a symbol the chain
 * does not have yet (filling its usual name and decimals) or types a new one, and a
 * legal tender for pricing.
 */
export const currency = defineResource({
  name: 'currency',
  route: '/currency',
  icon: CurrencyBitcoinIcon,
  menuGroup: 'chains',
  emptyOnListFailure: true,
  chainScoped: true,
  fields: [
    // The chain first: it narrows the symbols offered (those the chain does not have yet).
    { source: 'chainId', kind: 'reference', reference: 'chain', required: true, sortable: true },
    {
      source: 'symbol',
      kind: 'enum',
      choices: {
        path: ApiPath.currency.symbolAvailable,
        value: 'symbol',
        label: (s) => `${String(s.symbol)} — ${String(s.name)}`,
        dependsOn: { chainId: 'chainId' },
        freeText: true,
        fills: { name: 'name', decimals: 'decimals' },
      },
      required: true,
      sortable: true,
      filterable: 'alwaysOn',
    },
    { source: 'name', kind: 'text', required: true, sortable: true },
    { source: 'contractAddress', kind: 'address', emptyText: 'resources.currency.native', help: 'resources.currency.help.contractAddress' },
    { source: 'decimals', kind: 'number', required: true, default: 18, sortable: true },
    {
      source: 'legalTender',
      kind: 'enum',
      choices: { path: ApiPath.currency.legalTenderList, value: 'code', label: (t) => `${String(t.code)} — ${String(t.name)}` },
      required: true,
      default: 'USD',
      sortable: true,
    },
    { source: 'minDeposit', ...configAmount },
    { source: 'minWithdraw', ...configAmount },
    { source: 'withdrawFee', ...configAmount },
    { source: 'enabled', kind: 'boolean', default: true, sortable: true, filterable: true },
    { source: 'createdAt', kind: 'dateTime', inList: false, inForm: false },
  ],
  schema: () => import('../../contract/schemas/currency').then((m) => ({ create: m.currencyBody, update: m.currencyUpdateBody })),
  // Delete is refused by the server (409) while wallets, ledger entries or proposals use the currency.
  access: RESOURCE_ACCESS.currency,
  list: { sort: { field: 'symbol', order: 'ASC' } },
  recordRepresentation: 'symbol',
});
