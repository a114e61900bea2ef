import ReceiptLongIcon from '@mui/icons-material/ReceiptLong';
import { ApiPath } from '../../contract/apiPaths';
import { LEDGER_REASONS } from '../../contract/ledger';
import { optionalProposalReference } from '../../contract/proposalReference';
import { defineResource } from '../engine';

/**
 * The ledger of balance changes (/asset-flow, all except agents; docs/ledger.md): every credit and
 * debit of the wallets in the caller's scope, with the balance after it; read-only. It
 * follows the chain selected in the app bar.
 */
/** A reason's translation key: `initial credit` → `initialCredit`. */
const reasonKey = (reason: string) => reason.replace(/ (\w)/g, (_, c: string) => c.toUpperCase());

export const assetFlow = defineResource({
  name: 'asset-flow',
  route: '/asset-flow',
  icon: ReceiptLongIcon,
  menuGroup: 'reports',
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

/**
 * /asset-flow-lite: the same ledger in five columns (time, wallet, currency, change,
 * balance after), for a quick look at what moved; the full one has reasons and hashes.
 */
export const assetFlowLite = defineResource({
  name: 'asset-flow-lite',
  route: '/asset-flow-lite',
  icon: ReceiptLongIcon,
  menuGroup: 'reports',
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
