import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * Whether a request's unit of work may have sent on chain (docs/chains.md "Wallet keys", "Sent
 * once"). A database abort (40001, 40P01) re-runs a unit whole (server/db/retryable.ts), which is
 * right for the books and wrong for the chain: a second run would send the money again. So once a
 * unit may have sent money, it never runs again; what was sent is booked from the intent log
 * (docs/chains.md "The intent log").
 */
interface Moves {
  /** A transaction may have left: set before it is handed to the node. */
  sending: boolean;
}

const storage = new AsyncLocalStorage<Moves>();

/** Runs one request's unit of work, re-runs included, with its own record of what left. */
export const withChainMoves = <T>(work: () => Promise<T>): Promise<T> => storage.run({ sending: false }, work);

/** Called before money is handed to a node: from here on, the unit never runs again. */
export function sendingOnChain(): void {
  const moves = storage.getStore();
  if (moves) moves.sending = true;
}

/** False once the unit may have sent money: a database abort then ends it instead of re-running it. */
export const mayRunAgain = (): boolean => !(storage.getStore()?.sending ?? false);
