import { describe, expect, it } from 'vitest';
import { checkAddress } from '../../../src/contract/address';

const USDT_ETH = '0xdAC17F958D2ee523a2206206994597C13D831ec7';
const USDT_TRON = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';

describe('checkAddress', () => {
  it.each([
    ['evm', USDT_ETH, USDT_ETH],
    ['evm', USDT_ETH.toLowerCase(), USDT_ETH],
    ['evm', '0x0000000000000000000000000000000000000000', '0x0000000000000000000000000000000000000000'],
    ['tron', USDT_TRON, USDT_TRON],
  ] as const)('%s %s is valid, canonical %s', (family, input, canonical) => {
    expect(checkAddress(family, input)).toEqual({ ok: true, address: canonical });
  });

  it.each([
    ['evm', '0xdAC17F958D2ee523a2206206994597C13D831eC7', 'validation.addressChecksum'],
    ['evm', '0xDAC17F958D2EE523A2206206994597C13D831EC7', 'validation.addressChecksum'],
    ['evm', 'dAC17F958D2ee523a2206206994597C13D831ec7', 'validation.address'],
    ['evm', '0xdAC17F958D2ee523a2206206994597C13D831ec', 'validation.address'],
    ['evm', `${USDT_ETH} `, 'validation.address'],
    ['evm', USDT_TRON, 'validation.address'],
    ['tron', 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6u', 'validation.address'],
    ['tron', 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6', 'validation.address'],
    ['tron', 'tr7nhqjekqxgtci8q8zy4pl8otszgjlj6t', 'validation.address'],
    ['tron', USDT_ETH, 'validation.address'],
    // Valid base58check, but a Bitcoin address: wrong version byte for TRON.
    ['tron', '1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2', 'validation.address'],
  ] as const)('%s %s is refused as %s', (family, input, key) => {
    const result = checkAddress(family, input);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.problem.key).toBe(key);
  });

  it('names the family in the message params', () => {
    expect(checkAddress('tron', 'nope')).toEqual({ ok: false, problem: { key: 'validation.address', params: { family: 'TRON' } } });
    expect(checkAddress('evm', 'nope')).toEqual({ ok: false, problem: { key: 'validation.address', params: { family: 'EVM' } } });
  });
});
