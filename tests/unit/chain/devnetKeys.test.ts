// @vitest-environment node
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { devnetAccount } from '../../../server/chain/evm/devnetAccount';
import { devnetKeysIn, readDevnetKeys } from '../../../server/chain/evm/devnetKeys';

// The devnet's faucet and relayer keys (docs/chains.md "The embedded devnet"): random per data folder,
// kept there for the journal's replay, never the derivations anyone can read in the code.
const folders: string[] = [];
const folder = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'devnet-keys-'));
  folders.push(dir);
  return path.join(dir, 'devnet');
};
afterEach(() => {
  for (const dir of folders.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

describe('the devnet keys', () => {
  it('are made random for a new folder, kept readable by the server’s user alone, and the same on the next start', () => {
    const file = path.join(folder(), 'keys.json');
    const made = devnetKeysIn(file);
    expect(made.faucet.address).not.toBe(devnetAccount('faucet').address);
    expect(made.relayer.address).not.toBe(devnetAccount('relayer').address);
    expect(made.faucet.address).not.toBe(made.relayer.address);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    const again = devnetKeysIn(file);
    expect([again.faucet.address, again.relayer.address]).toEqual([made.faucet.address, made.relayer.address]);
    // Another folder, other keys.
    expect(devnetKeysIn(path.join(folder(), 'keys.json')).relayer.address).not.toBe(made.relayer.address);
  });

  it('a folder whose journals were signed by the old derived keys keeps them, so its chain still replays', () => {
    const devnetDir = folder();
    fs.mkdirSync(devnetDir, { recursive: true });
    fs.writeFileSync(path.join(devnetDir, 'chain-1.jsonl'), '');
    const keys = devnetKeysIn(path.join(devnetDir, 'keys.json'));
    expect([keys.faucet.address, keys.relayer.address]).toEqual([devnetAccount('faucet').address, devnetAccount('relayer').address]);
  });

  it('two instances making the keys of one folder at once get the same keys', () => {
    const file = path.join(folder(), 'keys.json');
    const [first, second] = [devnetKeysIn(file), devnetKeysIn(file)];
    expect(second.relayer.address).toBe(first.relayer.address);
    expect(fs.readdirSync(path.dirname(file))).toEqual(['keys.json']);
  });

  it('a file that holds no keys is an error naming it, never new keys', () => {
    const file = path.join(folder(), 'keys.json');
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, '{"faucet":"0x12"}');
    expect(() => devnetKeysIn(file)).toThrow(/keys\.json does not hold the devnet's keys/);
    expect(() => readDevnetKeys(path.join(path.dirname(file), 'missing.json'))).toThrow(/ENOENT/);
  });
});
