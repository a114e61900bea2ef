import { privateKeyToAccount } from 'viem/accounts';
import type { Hex, TypedDataDefinition } from 'viem';
import type { ProposalDetail } from '../contract/schemas/sign';
import { approvalSignatures } from '../contract/approvalSignatures';
import { openKey, storedKey } from './keyVault';

/** Why an approval could not be signed here; the console says it in words. */
export type SigningFailure = 'noKey' | 'wrongPassphrase';

/**
 * The approver's EIP-712 signature of a Safe proposal (docs/chains.md "Proposals on Safes"): the
 * key this browser holds for `account`, opened with `passphrase`, signs the typed data the server
 * handed out with the detail, at its own Safe nonce and at each lower one it may end up at. The server checks it recovers to the caller's registered key.
 */
export async function approvalSignature(
  account: string,
  signing: NonNullable<ProposalDetail['signing']>,
  passphrase: string,
): Promise<{ signature: Hex; lowerSignatures: Record<string, Hex> } | { failure: SigningFailure }> {
  const sealed = storedKey(account);
  if (!sealed) return { failure: 'noKey' };
  let privateKey: Hex;
  try {
    privateKey = await openKey(sealed, passphrase);
  } catch {
    return { failure: 'wrongPassphrase' };
  }
  const signer = privateKeyToAccount(privateKey);
  return approvalSignatures((typed) => signer.signTypedData(typed as TypedDataDefinition), signing);
}
