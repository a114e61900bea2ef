import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { HDKey } from '@scure/bip32';
import { hdKeyToAccount, privateKeyToAccount } from 'viem/accounts';
import { toHex } from 'viem';
import bs58check from 'bs58check';
import { depositAddressAt, depositSeed, orgDepositXpub } from '../../../server/chain/depositKeys';

const seedHex = '000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f';
const seed = Uint8Array.from(Buffer.from(seedHex, 'hex'));

describe('order addresses (BIP-32)', () => {
  it('an address derived from the org’s public key is the one the seed’s private key controls', () => {
    const xpub = orgDepositXpub(seed, 7, 'evm');
    expect(xpub.startsWith('xpub')).toBe(true);
    for (const index of [0, 1, 42, 2 ** 31 - 1]) {
      const account = hdKeyToAccount(HDKey.fromMasterSeed(seed), { path: `m/44'/60'/7'/0/${index}` });
      expect(depositAddressAt(xpub, 'evm', index)).toBe(account.address);
    }
  });

  it('orgs get different addresses at the same index, and an org’s indexes never repeat an address', () => {
    const a = orgDepositXpub(seed, 1, 'evm');
    const b = orgDepositXpub(seed, 2, 'evm');
    expect(depositAddressAt(a, 'evm', 5)).not.toBe(depositAddressAt(b, 'evm', 5));
    const addresses = new Set(Array.from({ length: 200 }, (_, i) => depositAddressAt(a, 'evm', i)));
    expect(addresses.size).toBe(200);
  });

  it('a TRON address is base58check with the 0x41 prefix over the key’s 20 bytes, under TRON’s coin type', () => {
    const xpub = orgDepositXpub(seed, 3, 'tron');
    const address = depositAddressAt(xpub, 'tron', 9);
    expect(address.startsWith('T')).toBe(true);
    const bytes = bs58check.decode(address);
    expect(bytes[0]).toBe(0x41);
    const key = HDKey.fromMasterSeed(seed).derive(`m/44'/195'/3'/0/9`);
    const evmOfSameKey = privateKeyToAccount(toHex(key.privateKey!)).address;
    expect(`0x${Buffer.from(bytes.subarray(1)).toString('hex')}`).toBe(evmOfSameKey.toLowerCase());
  });

  it('refuses a family it cannot derive for', () => {
    expect(() => orgDepositXpub(seed, 1, 'solana')).toThrow(/solana/);
  });
});

describe('the deposit seed', () => {
  it('DEPOSIT_SEED is used as given, and a malformed one stops the start', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'seed-'));
    expect(Buffer.from(depositSeed(`0x${seedHex}`, dir)).toString('hex')).toBe(seedHex);
    expect(() => depositSeed('not hex', dir)).toThrow(/DEPOSIT_SEED/);
    expect(fs.existsSync(path.join(dir, 'deposit-seed'))).toBe(false);
  });

  it('without it, one random seed is made in the data folder, readable by the server’s user alone, and kept', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'seed-'));
    const first = depositSeed(undefined, dir);
    expect(first.length).toBe(32);
    expect(fs.statSync(path.join(dir, 'deposit-seed')).mode & 0o777).toBe(0o600);
    expect(Buffer.from(depositSeed(undefined, dir)).equals(Buffer.from(first))).toBe(true);
  });
});
