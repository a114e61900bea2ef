import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * What a request's unit of work has sent on chain (docs/chains.md "Wallet keys", "Sent once"). A
 * database abort (40001, 40P01) re-runs a unit whole (server/db/retryable.ts), which is right for
 * the books and wrong for the chain: a second run would send the money again. So once a unit may
 * have sent money (a wallet's transfer, a Safe's execution), it never runs again, and a fault after
 * a transaction went through says that the chain moved without the books, naming the hashes.
 */
interface Moves {
  /** A transaction may have left: set before it is handed to the node. */
  sending: boolean;
  /** Transactions the chain executed. */
  sent: string[];
}

const storage = new AsyncLocalStorage<Moves>();

/** Runs one request's unit of work, re-runs included, with its own record of what left. */
export const withChainMoves = <T>(work: () => Promise<T>): Promise<T> => storage.run({ sending: false, sent: [] }, work);

/** Called before money is handed to a node: from here on, the unit never runs again. */
export function sendingOnChain(): void {
  const moves = storage.getStore();
  if (moves) moves.sending = true;
}

/** A transaction the chain executed, for the books to record. */
export function sentOnChain(txHash: string): void {
  storage.getStore()?.sent.push(txHash);
}

/**
 * A write transaction of the unit committed: what the chain executed so far is in the books (each
 * send is booked in the transaction that made it), so a later fault no longer says it is not.
 * The unit still never runs again.
 */
export function sentBooked(): void {
  const moves = storage.getStore();
  if (moves) moves.sent = [];
}

/** False once the unit may have sent money: a database abort then ends it instead of re-running it. */
export const mayRunAgain = (): boolean => !(storage.getStore()?.sending ?? false);

/** Hashes the chain executed in this unit so far. */
export const sentInThisUnit = (): readonly string[] => storage.getStore()?.sent ?? [];

/**
 * A unit that failed after the chain executed its transactions: the money moved and the books did
 * not record it. HTTP 500 naming the hashes; the ledger's verify names the difference (`chainBalance`).
 */
export class BooksBehindChain extends Error {
  constructor(
    readonly hashes: readonly string[],
    readonly fault: unknown,
  ) {
    super(`the chain executed ${hashes.join(', ')} but the books could not record it`);
  }
}
