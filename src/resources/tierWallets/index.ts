import AccountBalanceWalletIcon from '@mui/icons-material/AccountBalanceWallet';
import { ApiPath } from '../../contract/apiPaths';
import { WALLET_KIND_CHOICES } from '../../contract/contractKinds';
import { defineResource } from '../engine';

/**
 * /merchant-pro-wallet, /merchant-std-wallet, /merchant-lite-wallet (docs/roles-and-routes.md "Menu jobs"; "wallets and
 * balances of the tier"): each route is its tier's row alone, so the list is the merchant's
 * own wallets with their balances, read-only (managers change wallets on /aggregate).
 */
function tierWallets(tier: 'pro' | 'std' | 'lite') {
  return defineResource({
    name: `merchant-${tier}-wallet`,
    route: `/merchant-${tier}-wallet`,
    icon: AccountBalanceWalletIcon,
    menuGroup: 'wallets',
    endpoints: { list: ApiPath.chainWallet.list, detail: ApiPath.chainWallet.detail },
    chainScoped: true,
    fields: [
      { source: 'chainId', kind: 'reference', reference: 'chain', inList: false },
      { source: 'label', kind: 'text', sortable: true, filterable: 'alwaysOn' },
      { source: 'kind', kind: 'enum', choices: WALLET_KIND_CHOICES, sortable: true, filterable: true },
      // Balances before the address: a phone row shows the first columns after the label, and an address
      // (with its copy button) inside a row that is itself a button is a nested control (axe).
      { source: 'balances', kind: 'list', itemText: (b, amount = String) => `${amount(b.amount)} ${String(b.symbol)}` },
      { source: 'address', kind: 'address' },
      { source: 'threshold', kind: 'number' },
      { source: 'createdAt', kind: 'dateTime', inList: false, sortable: true },
    ],
    list: { sort: { field: 'kind', order: 'ASC' } },
    // The lite tier has no /multisig: its signers' open proposals show above its wallets.
    ...(tier === 'lite' ? { views: { list: () => import('./LiteWalletList') } } : {}),
    recordRepresentation: 'label',
  });
}

export const merchantProWallet = tierWallets('pro');
export const merchantStdWallet = tierWallets('std');
export const merchantLiteWallet = tierWallets('lite');
