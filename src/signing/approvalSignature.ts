import { privateKeyToAccount } from 'viem/accounts';
import type { Hex, TypedDataDefinition } from 'viem';
import type { ProposalDetail } from '../contract/schemas/sign';
import { approvalSignatures } from '../contract/approvalSignatures';
import { WalletProblem, walletSigner, type WalletFailure } from './browserWallet';
import { isInjected, openKey, storedKey } from './keyVault';

/** Why an approval could not be signed here; the console says it in words. */
export type SigningFailure = 'noKey' | 'wrongPassphrase' | WalletFailure;

/**
 * The approver's EIP-712 signature of a Safe proposal (docs/chains.md "Proposals on Safes"): what
 * this browser holds for `account` signs the typed data the server handed out with the detail, at
 * its own Safe nonce and at each lower one it may end up at — a key kept here, opened with
 * `passphrase`, or the browser's wallet, which asks its owner for each. The server checks it
 * recovers to the caller's registered key.
 */
export async function approvalSignature(
  account: string,
  signing: NonNullable<ProposalDetail['signing']>,
  passphrase: string,
): Promise<{ signature: Hex; lowerSignatures: Record<string, Hex> } | { failure: SigningFailure }> {
  const held = storedKey(account);
  if (!held) return { failure: 'noKey' };
  if (isInjected(held)) {
    try {
      const wallet = await walletSigner(held.address);
      return await approvalSignatures(wallet.signTypedData, signing);
    } catch (error) {
      if (error instanceof WalletProblem) return { failure: error.failure };
      throw error;
    }
  }
  let privateKey: Hex;
  try {
    privateKey = await openKey(held, passphrase);
  } catch {
    return { failure: 'wrongPassphrase' };
  }
  const signer = privateKeyToAccount(privateKey);
  return approvalSignatures((typed) => signer.signTypedData(typed as TypedDataDefinition), signing);
}
