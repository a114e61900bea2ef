import { tierWallets } from '../chainWallet/tierWallets';

/** The pro tier's wallets (/merchant-pro-wallet), read-only, on the chain wallets' API (src/resources/chainWallet/tierWallets.ts). */
export default tierWallets('pro');
