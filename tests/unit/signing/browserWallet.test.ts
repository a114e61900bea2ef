import { afterEach, describe, expect, it } from 'vitest';
import { recoverTypedDataAddress, type TypedDataDefinition } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { approvalSignature } from '../../../src/signing/approvalSignature';
import { walletSigner } from '../../../src/signing/browserWallet';
import { sealKey, storeKey } from '../../../src/signing/keyVault';
import { typedDataFromWire, type TypedDataWire } from '../../../src/contract/typedDataWire';
import type { ProposalDetail } from '../../../src/contract/schemas/sign';
import { FakeWallet } from '../../support/fakeWallet';
import { safeTx } from '../../support/safeTxWire';

const signing = { typedData: safeTx('4'), lower: [{ safeNonce: '3', typedData: safeTx('3') }] } as unknown as NonNullable<
  ProposalDetail['signing']
>;
const recovered = (wire: TypedDataWire, signature: `0x${string}`) =>
  recoverTypedDataAddress({ ...(typedDataFromWire(wire) as unknown as TypedDataDefinition), signature });

function installWallet(wallet: FakeWallet | undefined) {
  (window as unknown as { ethereum?: unknown }).ethereum = wallet?.provider();
}
afterEach(() => installWallet(undefined));

describe('approving with the browser wallet', () => {
  it('signs the Safe transaction at its nonce and at each lower one with the wallet account registered, once each', async () => {
    const wallet = new FakeWallet(generatePrivateKey());
    installWallet(wallet);
    storeKey('alice', { version: 1, kind: 'injected', address: wallet.address });
    const made = await approvalSignature('alice', signing, '');
    if ('failure' in made) throw new Error(made.failure);
    expect(await recovered(safeTx('4'), made.signature)).toBe(wallet.address);
    expect(await recovered(safeTx('3'), made.lowerSignatures['3']!)).toBe(wallet.address);
    expect(wallet.signatureRequests()).toBe(2);
  });

  it('signs nothing when the wallet offers another account than the one kept, declines, or is gone', async () => {
    const wallet = new FakeWallet(generatePrivateKey());
    installWallet(wallet);
    storeKey('alice', { version: 1, kind: 'injected', address: wallet.address });
    wallet.switchTo(generatePrivateKey());
    expect(await approvalSignature('alice', signing, '')).toEqual({ failure: 'walletAccount' });
    expect(wallet.signatureRequests()).toBe(0);

    const declining = new FakeWallet(generatePrivateKey());
    declining.declining = true;
    installWallet(declining);
    storeKey('alice', { version: 1, kind: 'injected', address: declining.address });
    expect(await approvalSignature('alice', signing, '')).toEqual({ failure: 'walletRefused' });
    // Declined once is not asked again (no retry).
    expect(declining.signatureRequests()).toBe(1);

    installWallet(undefined);
    expect(await approvalSignature('alice', signing, '')).toEqual({ failure: 'noWallet' });
  });

  it('a key sealed in this browser still signs with its passphrase, and never asks the wallet', async () => {
    const wallet = new FakeWallet(generatePrivateKey());
    installWallet(wallet);
    const privateKey = generatePrivateKey();
    storeKey('alice', await sealKey(privateKey, 'correct horse battery'));
    const made = await approvalSignature('alice', { ...signing, lower: [] }, 'correct horse battery');
    if ('failure' in made) throw new Error(made.failure);
    expect(await recovered(safeTx('4'), made.signature)).toBe(privateKeyToAccount(privateKey).address);
    expect(wallet.requests).toHaveLength(0);
  });

  it("registers with the wallet's first account, whose proof the wallet signs", async () => {
    const wallet = new FakeWallet(generatePrivateKey());
    installWallet(wallet);
    const signer = await walletSigner();
    expect(signer.address).toBe(wallet.address);
    const proof = await signer.signMessage('Register this key');
    const { verifyMessage } = await import('viem');
    expect(await verifyMessage({ address: wallet.address, message: 'Register this key', signature: proof })).toBe(true);
  });
});
