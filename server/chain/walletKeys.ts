import { getAddress, type Address, type Hex } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import type { SendingAccount } from './evm/sender';

/**
 * Who sends for one of our own wallets (docs/chains.md "Wallet keys"), by its address; null when
 * the platform holds no key for it (it receives, and sends nothing itself).
 */
export type WalletKeyOf = (address: Address) => SendingAccount | null;

/**
 * On the embedded devnet: every address. The devnet sends for a wallet without its key
 * (impersonation), standing in for the key store a real deployment has; nothing outside the process
 * can ask it to (the `/devnet/<chain>` endpoint refuses `hardhat_*`).
 */
export const devnetWalletKeys: WalletKeyOf = (address) => address;

/** On a real network: the keys given in WALLET_KEYS, by the address each one controls. */
export function configuredWalletKeys(keys: readonly Hex[]): WalletKeyOf {
  const byAddress = new Map(
    keys.map((key) => {
      const account = privateKeyToAccount(key);
      return [getAddress(account.address), account] as const;
    }),
  );
  return (address) => byAddress.get(getAddress(address)) ?? null;
}
