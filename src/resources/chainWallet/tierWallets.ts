import { ApiPath } from '../../contract/apiPaths';
import { WALLET_KIND_CHOICES } from '../../contract/contractKinds';
import type { ResourceDeclaration } from '../engine/types';

type Tier = 'pro' | 'std' | 'lite';

/** The menu icon of every wallet page. */
const walletIcon: ResourceDeclaration['icon'] = { lazy: () => import('@mui/icons-material/AccountBalanceWallet') };

/**
 * /merchant-pro-wallet, /merchant-std-wallet, /merchant-lite-wallet (docs/roles-and-routes.md "Menu jobs"; "wallets and
 * balances of the tier"): each route is its tier's row alone, so the list is the merchant's own
 * wallets with their balances, read-only (managers change wallets on /aggregate). Each is a second
 * screen on the chain wallets' API (src/resources/chainWallet/resource.ts, server/modules/chainWallet):
 * its declaration (src/resources/merchant<Tier>Wallet/resource.ts) registers no route of its own.
 */
export function tierWallets(tier: Tier): ResourceDeclaration {
  return {
    name: `merchant-${tier}-wallet`,
    route: { path: `/merchant-${tier}-wallet`, group: tier === 'pro' ? 'merchantPro' : tier === 'std' ? 'merchantStd' : 'merchantLite' },
    icon: walletIcon,
    menuGroup: 'wallets',
    api: { module: 'chainWallet' },
    endpoints: ApiPath.chainWallet,
    schema: () => import('../../contract/schemas/chainWallet').then((m) => ({ list: m.chainWalletListQuery, record: m.chainWalletRecord })),
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
  };
}
