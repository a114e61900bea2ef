// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { recoverTypedDataAddress, type TypedDataDefinition } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import {
  isInjected,
  normalPrivateKey,
  openKey,
  sealKey,
  storedKey,
  storeKey,
  WrongPassphrase,
  type SealedKey,
} from '../../../src/signing/keyVault';
import { typedDataFromWire } from '../../../src/contract/typedDataWire';
import { safeTx } from '../../support/safeTxWire';

/** A Storage in memory, as the browser's localStorage behaves. */
function memoryStorage(): Storage {
  const items = new Map<string, string>();
  return {
    get length() {
      return items.size;
    },
    clear: () => items.clear(),
    getItem: (key) => items.get(key) ?? null,
    key: (index) => [...items.keys()][index] ?? null,
    removeItem: (key) => void items.delete(key),
    setItem: (key, value) => void items.set(key, value),
  };
}

describe('the signing key kept in the browser', () => {
  it('is stored encrypted: the private key is nowhere in what is stored, and the passphrase opens it again', async () => {
    const privateKey = generatePrivateKey();
    const storage = memoryStorage();
    storeKey('alice', await sealKey(privateKey, 'correct horse battery'), storage);
    const raw = storage.getItem('custody.signingKey.alice')!;
    expect(raw).not.toContain(privateKey.slice(2));
    const sealed = storedKey('alice', storage) as SealedKey;
    expect(sealed.address).toBe(privateKeyToAccount(privateKey).address);
    expect(await openKey(sealed, 'correct horse battery')).toBe(privateKey);
    expect(storedKey('bob', storage)).toBeNull();
  });

  it("keeps a browser wallet's account in the same slot, by address only, and a sealed key replaces it", async () => {
    const storage = memoryStorage();
    const address = privateKeyToAccount(generatePrivateKey()).address;
    storeKey('alice', { version: 1, kind: 'injected', address }, storage);
    const held = storedKey('alice', storage)!;
    expect(isInjected(held)).toBe(true);
    expect(held.address).toBe(address);
    storeKey('alice', await sealKey(generatePrivateKey(), 'correct horse battery'), storage);
    expect(isInjected(storedKey('alice', storage)!)).toBe(false);
  });

  it('refuses a wrong passphrase and a changed ciphertext', async () => {
    const sealed = await sealKey(generatePrivateKey(), 'correct horse battery');
    await expect(openKey(sealed, 'correct horse batterY')).rejects.toBeInstanceOf(WrongPassphrase);
    const flipped = `${sealed.cipher.slice(0, -1)}${sealed.cipher.endsWith('0') ? '1' : '0'}` as `0x${string}`;
    await expect(openKey({ ...sealed, cipher: flipped }, 'correct horse battery')).rejects.toBeInstanceOf(WrongPassphrase);
  });

  it('reads a pasted private key with or without 0x, and nothing else', () => {
    const key = generatePrivateKey();
    expect(normalPrivateKey(key)).toBe(key);
    expect(normalPrivateKey(` ${key.slice(2)} `)).toBe(key);
    for (const bad of ['', '0x12', `${key}00`, `0x${'g'.repeat(64)}`, `0x${'0'.repeat(64)}`]) expect(normalPrivateKey(bad)).toBeNull();
  });

  it('signs typed data from the wire (integers as strings) so that it recovers to the key', async () => {
    const privateKey = generatePrivateKey();
    const wire = safeTx('3');
    const typed = typedDataFromWire(wire) as unknown as TypedDataDefinition;
    const signature = await privateKeyToAccount(privateKey).signTypedData(typed);
    expect(await recoverTypedDataAddress({ ...typed, signature })).toBe(privateKeyToAccount(privateKey).address);
  });
});
