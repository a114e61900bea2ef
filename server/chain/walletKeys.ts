import { getAddress, type Address, type Hex } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import type { SendingAccount } from './evm/sender';
import { depositPrivateKeyAt } from './depositKeys';

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

/**
 * The key store of a real network (docs/chains.md "Wallet keys"): the keys of WALLET_KEYS, and the
 * order addresses' keys, each derived from the deposit seed when a transfer out of the address is
 * first planned or resumed (`admitOrderAddress`) and kept in memory only. An address the seed does
 * not make (a seed changed since the org's key was stored) is never admitted: it receives, and
 * sends nothing.
 */
export class WalletKeyRing {
  private readonly configured: WalletKeyOf;
  private readonly derived = new Map<Address, SendingAccount>();

  constructor(
    keys: readonly Hex[],
    /** The deposit seed (server/chain/depositKeys.ts), read on first need; null: no order address sends. */
    private readonly seed: (() => Uint8Array) | null,
  ) {
    this.configured = configuredWalletKeys(keys);
  }

  readonly keyOf: WalletKeyOf = (address) => this.configured(address) ?? this.derived.get(getAddress(address)) ?? null;

  /** Admits an EVM order address's key: the org's, at the order's id; false when the seed does not make that address. */
  admitOrderAddress(orgId: number, orderId: number, address: string): boolean {
    const wanted = getAddress(address);
    if (this.derived.has(wanted)) return true;
    if (!this.seed) return false;
    const account = privateKeyToAccount(depositPrivateKeyAt(this.seed(), orgId, 'evm', orderId));
    if (getAddress(account.address) !== wanted) return false;
    this.derived.set(wanted, account);
    return true;
  }
}
