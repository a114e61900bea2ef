import { bytesToHex, hexToBytes, isHex, type Hex } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';

/**
 * A signer's EVM key in the browser (docs/chains.md "Signers' keys"): kept in localStorage,
 * encrypted under a passphrase the server never sees — AES-GCM with a key stretched from the
 * passphrase by PBKDF2 (SHA-256). The address is stored in the clear, so the console can say which
 * key this browser holds without asking for the passphrase.
 */
export interface SealedKey {
  version: 1;
  address: Hex;
  salt: Hex;
  iv: Hex;
  cipher: Hex;
}

/**
 * A browser wallet's account (EIP-1193, `window.ethereum`) chosen on /account instead of a key kept
 * here: the wallet holds the key and asks its owner before each signature; this browser keeps only
 * which address it is, so the console knows to ask the wallet (docs/chains.md "The console signs").
 */
export interface InjectedKey {
  version: 1;
  kind: 'injected';
  address: Hex;
}

/** What this browser holds for an account: a sealed key, or the browser wallet's account that signs. */
export type HeldKey = SealedKey | InjectedKey;

export const isInjected = (held: HeldKey): held is InjectedKey => 'kind' in held && held.kind === 'injected';

/** OWASP's 2023 figure for PBKDF2-HMAC-SHA256. */
const ITERATIONS = 600_000;
const storageKey = (account: string) => `custody.signingKey.${account}`;

/** A passphrase that does not open the stored key. */
export class WrongPassphrase extends Error {
  constructor() {
    super('wrong passphrase');
  }
}

async function aesKey(passphrase: string, salt: Uint8Array): Promise<CryptoKey> {
  const material = await crypto.subtle.importKey('raw', new TextEncoder().encode(passphrase), 'PBKDF2', false, ['deriveKey']);
  return crypto.subtle.deriveKey(
    { name: 'PBKDF2', hash: 'SHA-256', salt: salt as BufferSource, iterations: ITERATIONS },
    material,
    { name: 'AES-GCM', length: 256 },
    false,
    ['encrypt', 'decrypt'],
  );
}

/** A private key as 0x + 64 hex digits, or null. */
export function normalPrivateKey(text: string): Hex | null {
  const trimmed = text.trim();
  const withPrefix = (trimmed.startsWith('0x') ? trimmed : `0x${trimmed}`) as Hex;
  if (!isHex(withPrefix) || withPrefix.length !== 66) return null;
  try {
    privateKeyToAccount(withPrefix);
    return withPrefix;
  } catch {
    return null;
  }
}

export async function sealKey(privateKey: Hex, passphrase: string): Promise<SealedKey> {
  const salt = crypto.getRandomValues(new Uint8Array(16));
  const iv = crypto.getRandomValues(new Uint8Array(12));
  const cipher = new Uint8Array(
    await crypto.subtle.encrypt({ name: 'AES-GCM', iv }, await aesKey(passphrase, salt), hexToBytes(privateKey) as BufferSource),
  );
  return {
    version: 1,
    address: privateKeyToAccount(privateKey).address,
    salt: bytesToHex(salt),
    iv: bytesToHex(iv),
    cipher: bytesToHex(cipher),
  };
}

/** The private key inside `sealed`; WrongPassphrase when the passphrase does not open it. */
export async function openKey(sealed: SealedKey, passphrase: string): Promise<Hex> {
  try {
    const plain = await crypto.subtle.decrypt(
      { name: 'AES-GCM', iv: hexToBytes(sealed.iv) as BufferSource },
      await aesKey(passphrase, hexToBytes(sealed.salt)),
      hexToBytes(sealed.cipher) as BufferSource,
    );
    return bytesToHex(new Uint8Array(plain));
  } catch {
    throw new WrongPassphrase();
  }
}

/** What this browser holds for `account` (one slot: choosing a wallet replaces a sealed key, and back). */
export function storedKey(account: string, storage: Storage = localStorage): HeldKey | null {
  try {
    const value = JSON.parse(storage.getItem(storageKey(account)) ?? 'null') as HeldKey | null;
    return value?.version === 1 && isHex(value.address) ? value : null;
  } catch {
    return null;
  }
}

export function storeKey(account: string, sealed: HeldKey, storage: Storage = localStorage): void {
  storage.setItem(storageKey(account), JSON.stringify(sealed));
}
