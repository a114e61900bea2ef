/**
 * Why a ledger entry moved a balance (docs/DECISIONS.md "Ledger"), free of zod so
 * declarations import it:
 * - `initial credit`: an opening balance (the demo's, or a test's funding);
 * - `payment`: a paid order's credit to its deposit wallet;
 * - `movement`: a direct transfer, withdrawal, refund or supply (debit, and the credit when
 *   the destination is ours); `proposal`: the same, by an executed multisig proposal;
 * - `fee`: a withdrawal's fee, debited from the wallet and credited to the platform's fee wallet;
 * - `gas`: the network fee of an execution or a sweep, in the chain's native coin.
 */
export const LEDGER_REASONS = ['initial credit', 'payment', 'movement', 'proposal', 'fee', 'gas'] as const;
export type LedgerReason = (typeof LEDGER_REASONS)[number];
