import { getAddress, isAddress } from 'viem';
import bs58check from 'bs58check';
import type { FieldMessage } from './validation';

/** Address families of the chains we support (docs/api.md "Contract kinds and addresses"). */
export const CHAIN_FAMILIES = ['evm', 'tron'] as const;
export type ChainFamily = (typeof CHAIN_FAMILIES)[number];

export type AddressCheck = { ok: true; address: string } | { ok: false; problem: FieldMessage };

const FAMILY_LABEL: Record<ChainFamily, string> = { evm: 'EVM', tron: 'TRON' };
const invalid = (family: ChainFamily): AddressCheck => ({
  ok: false,
  problem: { key: 'validation.address', params: { family: FAMILY_LABEL[family] } },
});

/**
 * EVM: 0x + 40 hex digits. Mixed case must carry a valid EIP-55 checksum (a typo
 * is then caught); all-lowercase has none to check. The result is checksummed.
 */
export function checkEvmAddress(input: string): AddressCheck {
  if (!/^0x[0-9a-fA-F]{40}$/.test(input)) return invalid('evm');
  if (!isAddress(input, { strict: true })) return { ok: false, problem: { key: 'validation.addressChecksum' } };
  return { ok: true, address: getAddress(input) };
}

/** TRON: base58check of 0x41 + 20 bytes, which always reads "T" + 33 characters. */
export function checkTronAddress(input: string): AddressCheck {
  if (!/^T[1-9A-HJ-NP-Za-km-z]{33}$/.test(input)) return invalid('tron');
  const payload = bs58check.decodeUnsafe(input);
  if (!payload || payload.length !== 21 || payload[0] !== 0x41) return invalid('tron');
  return { ok: true, address: input };
}

/** Checks an address for a chain family and returns its canonical form. */
export function checkAddress(family: ChainFamily, input: string): AddressCheck {
  return family === 'evm' ? checkEvmAddress(input) : checkTronAddress(input);
}
