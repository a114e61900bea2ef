import { tierWallets } from '../chainWallet/tierWallets';

/** The std tier's wallets (/merchant-std-wallet), read-only, on the chain wallets' API (src/resources/chainWallet/tierWallets.ts). */
export default tierWallets('std');
