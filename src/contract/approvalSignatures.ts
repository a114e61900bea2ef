import { typedDataFromWire, type TypedDataWire } from './typedDataWire';

/** What a Safe proposal's detail hands its signers (`signing`, docs/chains.md "Proposals on Safes"). */
export interface SigningRequest {
  typedData: TypedDataWire;
  /** The same transaction at the Safe nonces below its own it may end up at ("Nonce gaps"). */
  lower: ReadonlyArray<{ safeNonce: string; typedData: TypedDataWire }>;
}

/** Signs EIP-712 typed data with a key (viem's `account.signTypedData`, in the browser or a test). */
export type TypedDataSigner = (typedData: never) => Promise<`0x${string}`>;

/**
 * An approval's signatures: the Safe transaction at its own nonce, and at each lower one it may end
 * up at, so that a proposal before it closing unexecuted costs no second round of signing. The console,
 * the demo seed and the tests all sign through this.
 */
export async function approvalSignatures(
  sign: TypedDataSigner,
  signing: SigningRequest,
): Promise<{ signature: `0x${string}`; lowerSignatures: Record<string, `0x${string}`> }> {
  const signature = await sign(typedDataFromWire(signing.typedData) as never);
  const lowerSignatures: Record<string, `0x${string}`> = {};
  for (const { safeNonce, typedData } of signing.lower) lowerSignatures[safeNonce] = await sign(typedDataFromWire(typedData) as never);
  return { signature, lowerSignatures };
}
