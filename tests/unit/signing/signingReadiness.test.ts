import { describe, expect, it } from 'vitest';
import { signingReadiness } from '../../../src/signing/signingReadiness';
import type { HeldKey } from '../../../src/signing/keyVault';

const A = '0x00000000000000000000000000000000000000aa';
const B = '0x00000000000000000000000000000000000000bb';
const sealed = { version: 1, address: A, salt: '0x00', iv: '0x00', cipher: '0x00' } as HeldKey;
const injected = { version: 1, kind: 'injected', address: A } as HeldKey;

/** Whether the approve dialog may ask a passphrase, or must send the signer to /account first. */
describe('signingReadiness', () => {
  it('no key anywhere: none (no passphrase to ask)', () => {
    expect(signingReadiness(null, null)).toEqual({ state: 'none' });
  });
  it('registered but held by another browser: elsewhere, naming the key', () => {
    expect(signingReadiness(null, A)).toEqual({ state: 'elsewhere', registered: A });
  });
  it('held and registered, case aside: the key (passphrase) or the wallet (no passphrase)', () => {
    expect(signingReadiness(sealed, A.toUpperCase().replace('0X', '0x')).state).toBe('key');
    expect(signingReadiness(injected, A).state).toBe('wallet');
    // The server's answer not in yet: what this browser holds decides.
    expect(signingReadiness(sealed, undefined).state).toBe('key');
  });
  it('held but another key registered: mismatch; held but none registered: none', () => {
    expect(signingReadiness(sealed, B)).toMatchObject({ state: 'mismatch', registered: B });
    expect(signingReadiness(sealed, null)).toEqual({ state: 'none' });
  });
});
