import fs from 'node:fs';
import path from 'node:path';
import type { Hex, LocalAccount } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { devnetAccountKey } from './devnetAccount';

/**
 * The devnet's two accounts of its own (docs/chains.md "The embedded devnet"): the faucet (holds the
 * coin, mints the tokens) and the relayer (sends Safe creations and executions, the one account a
 * platform Safe's execution guard accepts). Random per data folder, kept beside the journals in
 * `keys.json` (readable by the server's user alone) and never printed: whoever knew them could pay any
 * order with free tokens, drain the relayer, or execute on a Safe with leaked signatures.
 */
export interface DevnetKeys {
  faucet: LocalAccount;
  relayer: LocalAccount;
}

interface StoredKeys {
  faucet: Hex;
  relayer: Hex;
}

const KEY = /^0x[0-9a-fA-F]{64}$/;

/** The keys a devnet folder holds (a test paying as the faucet reads them); an error when there are none. */
export function readDevnetKeys(file: string): DevnetKeys {
  const stored = JSON.parse(fs.readFileSync(file, 'utf8')) as Partial<StoredKeys>;
  if (typeof stored.faucet !== 'string' || !KEY.test(stored.faucet) || typeof stored.relayer !== 'string' || !KEY.test(stored.relayer)) {
    throw new Error(`${file} does not hold the devnet's keys (faucet, relayer: 0x and 64 hex digits each)`);
  }
  return { faucet: privateKeyToAccount(stored.faucet), relayer: privateKeyToAccount(stored.relayer) };
}

/** Fresh random keys: a devnet kept in memory (tests), or a new data folder. */
export const randomDevnetKeys = (): DevnetKeys => ({
  faucet: privateKeyToAccount(generatePrivateKey()),
  relayer: privateKeyToAccount(generatePrivateKey()),
});

/**
 * The keys of a devnet folder, made on first use. `file` is `keys.json` in the devnet folder unless
 * DEVNET_KEYS_FILE names another (several instances that must build alike devnets share one).
 */
export function devnetKeysIn(file: string): DevnetKeys {
  if (fs.existsSync(file)) return readDevnetKeys(file);
  const folder = path.dirname(file);
  // A folder made before the keys were random has journals signed by keys derived from the names
  // "faucet" and "relayer": it keeps them, or its journals would no longer replay.
  const hasJournals = fs.existsSync(folder) && fs.readdirSync(folder).some((name) => name.endsWith('.jsonl'));
  const keys: StoredKeys = hasJournals
    ? { faucet: devnetAccountKey('faucet'), relayer: devnetAccountKey('relayer') }
    : { faucet: generatePrivateKey(), relayer: generatePrivateKey() };
  fs.mkdirSync(folder, { recursive: true });
  // Written whole under another name, then linked into place (a link never replaces a file): two
  // instances starting on one folder at once keep the first one's keys, and none reads half a file.
  const draft = `${file}.${process.pid}.${Date.now()}`;
  fs.writeFileSync(draft, `${JSON.stringify(keys)}\n`, { mode: 0o600 });
  try {
    fs.linkSync(draft, file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    return readDevnetKeys(file);
  } finally {
    fs.rmSync(draft, { force: true });
  }
  return { faucet: privateKeyToAccount(keys.faucet), relayer: privateKeyToAccount(keys.relayer) };
}
