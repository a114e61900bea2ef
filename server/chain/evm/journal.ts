import { appendFileSync, existsSync, mkdirSync, readFileSync } from 'node:fs';
import { dirname } from 'node:path';
import type { Address, Hex } from 'viem';
import type { UnsignedRequest } from './sender';

/**
 * The devnet's memory on disk (docs/chains.md "The embedded devnet"): every transaction it mined
 * (signed, or sent for a wallet's address), and every empty block (mined while a deposit waits for its confirmations), with the
 * block's time, one JSON line each, and every token added while it ran. Replayed in order at start, they
 * rebuild the same chain (same blocks, same numbers, same hashes), since the genesis is fixed.
 */
export type JournalEntry =
  | {
      raw: Hex;
      /** The block's timestamp, in seconds. */
      timestamp: number;
    }
  /** A wallet's transaction the devnet sent for its address, without its key (docs/chains.md "Wallet keys"). */
  | { unsigned: UnsignedRequest; timestamp: number }
  | { empty: true; timestamp: number }
  /**
   * A token whose currency was saved while the devnet ran: its code put at its address then (no block
   * of its own). Replayed in its place, and left out of the genesis, so the genesis stays the first start's.
   */
  | { token: { address: Address; name: string; symbol: string; decimals: number } };

export function readJournal(file: string): JournalEntry[] {
  if (!existsSync(file)) return [];
  const entries: JournalEntry[] = [];
  const lines = readFileSync(file, 'utf8').split('\n');
  for (const [index, line] of lines.entries()) {
    if (line.trim() === '') continue;
    try {
      entries.push(JSON.parse(line) as JournalEntry);
    } catch (error) {
      // Only the last line may be cut short (the process stopped while writing it): that
      // transaction was never answered for, so the chain may go on without it.
      if (index >= lines.length - 2) break;
      throw new Error(`${file}: line ${index + 1} is not a journal entry: ${(error as Error).message}`);
    }
  }
  return entries;
}

/** Written before the caller hears of the transaction, so nothing the database records is missing from it. */
export function appendJournal(file: string, entry: JournalEntry): void {
  mkdirSync(dirname(file), { recursive: true });
  appendFileSync(file, `${JSON.stringify(entry)}\n`);
}
