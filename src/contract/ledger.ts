/**
 * Why a ledger entry moved a balance (docs/DECISIONS.md "Ledger"), free of zod so
 * declarations import it:
 * - `initial credit`: an opening balance (the demo's, or a test's funding);
 * - `payment`: a paid order's credit to its deposit wallet;
 * - `deposit`: money a chain delivered to one of our wallets that paid no order (none was
 *   pending for it, or it paid more than its order), read by the deposit watcher; a re-check
 *   that gives it to an order later moves it back out of `deposit` into that order's `payment`;
 * - `movement`: a direct transfer, withdrawal, refund or supply (debit, and the credit when
 *   the destination is ours); `proposal`: the same, by an executed multisig proposal;
 * - `fee`: a withdrawal's fee, debited from the wallet and credited to the platform's fee wallet;
 * - `gas`: the network fee of an execution or a sweep, in the chain's native coin;
 * - `reorg`: the reversal of a `payment` or `deposit` whose transaction left the chain in a
 *   reorganisation (docs/chains.md "Reorgs"); the entries it reverses stay; also of an `internal transfer`;
 * - `internal transfer`: native coin that reached the wallet without a transaction of its own (a
 *   contract forwarding value), found by the deposit watcher's balance reconciliation
 *   (docs/ledger.md "Internal transfers").
 */
export const LEDGER_REASONS = [
  'initial credit',
  'payment',
  'deposit',
  'movement',
  'proposal',
  'fee',
  'gas',
  'reorg',
  'internal transfer',
] as const;
export type LedgerReason = (typeof LEDGER_REASONS)[number];
