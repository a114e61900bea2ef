import { ApiPath } from '../../contract/apiPaths';
import { LEDGER_REASONS } from '../../contract/ledger';
import { optionalProposalReference } from '../../contract/proposalReference';
import { declareResource } from '../engine/declare';

/** A reason's translation key: `initial credit` → `initialCredit`. */
const reasonKey = (reason: string) => reason.replace(/ (\w)/g, (_, c: string) => c.toUpperCase());

/**
 * The ledger of balance changes (/asset-flow, all except agents; docs/ledger.md): every credit and
 * debit of the wallets in the caller's scope, with the balance after it; read-only, with a CSV
 * export. It follows the chain selected in the app bar. The whole resource is this file; its
 * server side is server/modules/assetFlow/service.ts (README "A resource with its own service"),
 * which also serves the lite screen (src/resources/assetFlowLite/resource.ts) on the same API.
 */
export default declareResource({
  name: 'asset-flow',
  route: { path: '/asset-flow', group: 'excludeAgent' },
  icon: { lazy: () => import('@mui/icons-material/ReceiptLong') },
  menuGroup: 'reports',
  api: { module: 'assetFlow' },
  schema: () =>
    import('../../contract/schemas/assetFlow').then((m) => ({
      list: m.assetFlowListQuery,
      record: m.assetFlowRecord,
      export: m.assetFlowExportQuery,
    })),
  endpoints: { export: ApiPath.assetFlow.export },
  chainScoped: true,
  fields: [
    { source: 'createdAt', kind: 'dateTime', sortable: true },
    { source: 'chainId', kind: 'reference', reference: 'chain', inList: false },
    { source: 'orgName', kind: 'text' },
    { source: 'walletLabel', kind: 'text' },
    { source: 'symbol', kind: 'text', filterable: 'alwaysOn' },
    { source: 'delta', kind: 'amount', inForm: false, sortable: true },
    { source: 'balanceAfter', kind: 'amount', inForm: false },
    {
      source: 'reason',
      kind: 'enum',
      choices: LEDGER_REASONS.map((reason) => ({ id: reason, name: `resources.asset-flow.reasons.${reasonKey(reason)}` })),
      filterable: true,
    },
    {
      source: 'proposalId',
      kind: 'number',
      link: '/multisig',
      linkLabel: (row) => optionalProposalReference(row.proposalWalletLabel, row.proposalNonce),
    },
    { source: 'txHash', kind: 'address', filterable: true },
  ],
  views: { show: false },
  // The operator's check of the books above the entries (nothing for other roles).
  list: { sort: { field: 'createdAt', order: 'DESC' }, summary: () => import('./LedgerCheck') },
});
