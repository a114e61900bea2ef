import { z } from 'zod';
import { isoInstant } from './response';

/**
 * A signer's EVM key (docs/chains.md "Signers' keys"): made or imported in the browser and kept
 * there, encrypted under a passphrase; the server only ever learns its address, with proof that
 * the caller holds the key.
 */

/** The text the key signs (EIP-191) to prove it is the caller's: names the account, so a proof serves no one else. */
export const signingKeyProof = (account: string, address: string): string =>
  `Register this key to sign custody proposals.\nAccount: ${account}\nAddress: ${address}`;

const evmAddress = z.string({ error: 'validation.required' }).regex(/^0x[0-9a-fA-F]{40}$/, { error: 'validation.signingKeyAddress' });
/** An EVM signature (r, s, v: 65 bytes). */
export const evmSignature = z.string({ error: 'validation.required' }).regex(/^0x[0-9a-fA-F]{130}$/, { error: 'validation.signature' });

/** Body of POST /sys/account/signing-key/register. */
export const signingKeyRegisterBody = z.object({ address: evmAddress, signature: evmSignature });
export type SigningKeyRegisterBody = z.infer<typeof signingKeyRegisterBody>;

/** `data` of GET /sys/account/signing-key and of the register call: the caller's key, if any. */
export const signingKeyState = z.object({
  address: z.string().nullable(),
  registeredAt: isoInstant.nullable(),
});
export type SigningKeyState = z.output<typeof signingKeyState>;
