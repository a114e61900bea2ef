// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { getAddress, type Hex } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { readConfig } from '../../../server/config';
import { configuredWalletKeys, devnetWalletKeys } from '../../../server/chain/walletKeys';

const KEY_A = `0x${'5a'.repeat(32)}` as Hex;
const KEY_B = `0x${'6b'.repeat(32)}` as Hex;

describe('wallet keys (docs/chains.md "Wallet keys")', () => {
  it('WALLET_KEYS is a comma-separated list of keys; a malformed one is named by its place, never shown', () => {
    expect(readConfig({}).walletKeys).toEqual([]);
    expect(readConfig({ WALLET_KEYS: ` ${KEY_A} ,${KEY_B}` }).walletKeys).toEqual([KEY_A, KEY_B]);
    const leaked = `0x${'7c'.repeat(31)}`;
    const error = (() => {
      try {
        readConfig({ WALLET_KEYS: `${KEY_A},${leaked}` });
      } catch (caught) {
        return caught as Error;
      }
      return null;
    })();
    expect(error?.message).toBe('WALLET_KEYS: key 2 must be 0x and 64 hex digits');
    expect(error?.message).not.toContain('7c7c');
  });

  it('on a real network only a configured key sends, found by its address in any spelling', () => {
    const keyOf = configuredWalletKeys([KEY_A]);
    const address = privateKeyToAccount(KEY_A).address;
    expect(keyOf(address.toLowerCase() as Hex)).toMatchObject({ address });
    expect(keyOf(privateKeyToAccount(KEY_B).address)).toBeNull();
  });

  it('on the devnet every address sends as itself (the devnet stands in for the key store)', () => {
    const address = getAddress('0x00000000000000000000000000000000000a0a0a');
    expect(devnetWalletKeys(address)).toBe(address);
  });
});
