import { ApiPath } from '../../contract/apiPaths';
import { ACTIONS } from '../../access';
import { declareResource } from '../engine/declare';

const configAmount = { kind: 'amount', decimals: { field: 'decimals' }, default: '0', inList: true } as const;

/**
 * Currencies per chain (docs/roles-and-routes.md): everyone reads, the operator row writes. The list
 * follows the chain selected in the app bar; a new currency picks a symbol the chain
 * does not have yet (filling its usual name and decimals) or types a new one, and a
 * legal tender for pricing. The whole resource is this file; its server side is
 * server/modules/currency/service.ts, its extra lists (legal tenders, symbols) routes.ts there.
 */
export default declareResource({
  name: 'currency',
  route: { path: '/currency', group: 'all' },
  icon: { lazy: () => import('@mui/icons-material/CurrencyBitcoin') },
  menuGroup: 'chains',
  api: { module: 'currency' },
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
  schema: () =>
    import('../../contract/schemas/currency').then((m) => ({
      create: m.currencyBody,
      update: m.currencyUpdateBody,
      list: m.currencyListQuery,
      record: m.currencyRecord,
    })),
  // Delete is refused by the server (409) while wallets, ledger entries or proposals use the currency.
  access: { create: ACTIONS['reference.write'], edit: ACTIONS['reference.write'], delete: ACTIONS['reference.write'] },
  list: { sort: { field: 'symbol', order: 'ASC' } },
  recordRepresentation: 'symbol',
});
