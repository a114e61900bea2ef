import { tierWallets } from '../chainWallet/tierWallets';

/** The lite tier's wallets (/merchant-lite-wallet), read-only, on the chain wallets' API (src/resources/chainWallet/tierWallets.ts). */
export default tierWallets('lite');
