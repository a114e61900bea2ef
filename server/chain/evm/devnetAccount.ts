import { keccak256, stringToHex, type Hex, type LocalAccount } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';

/** A key derived from a name: the same on every machine, so anyone who reads this line has it. For tests' and the demo's made-up parties only. */
export const devnetAccountKey = (name: string): Hex => keccak256(stringToHex(`custody devnet account: ${name}`));

/** The account of `devnetAccountKey(name)`. */
export const devnetAccount = (name: string): LocalAccount => privateKeyToAccount(devnetAccountKey(name));
