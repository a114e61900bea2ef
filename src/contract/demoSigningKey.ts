import { keccak256, stringToHex, type Hex } from 'viem';

/**
 * A demo account's signing key (docs/chains.md "Signers' keys"): derived from the account's name, so
 * the demo seed registers its address and the console can use it without a setup step. Public
 * knowledge, therefore worthless: only the demo seed registers these, and the devnet's chain id
 * keeps anything they sign off every real network.
 */
export const demoSigningKey = (account: string): Hex => keccak256(stringToHex(`custody demo signing key: ${account}`));
