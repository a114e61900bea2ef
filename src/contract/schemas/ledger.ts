import { z } from 'zod';
import { isoInstant } from './response';
/**
 * GET /sys/ledger/verify (operator row): the invariants of docs/DECISIONS.md "Ledger",
 * checked over every wallet, movement, proposal and paid order.
 */
export const LEDGER_BREAK_KINDS = [
  /** A wallet's balance differs from the sum of its ledger entries. */
  'balanceMismatch',
  /** A balance, or a ledger entry's balance after, below zero. */
  'negativeBalance',
  /** An executed movement or proposal without exactly its entries. */
  'movementEntries',
  'proposalEntries',
  /** A paid order without exactly one credit (or an unpaid one with a credit). */
  'orderCredit',
  /** A ledger entry's balance after that does not follow from the entry before it. */
  'runningBalance',
  /**
   * A transaction the deposit watcher read into one of our wallets whose payment and deposit
   * entries do not add up to what it delivered (or deposit entries of no transfer read).
   */
  'transferCredit',
  /**
   * A wallet holds on its chain other than its books say, plus what the deposit watcher has not
   * booked yet (a hot wallet's or a Safe's, on an EVM chain that is read).
   */
  'chainBalance',
  /** A Safe's owners on chain are not its wallet's signers' registered keys. */
  'safeOwners',
  /** A Safe's threshold on chain is not its wallet's. */
  'safeThreshold',
  /** No Safe at a multisig wallet's address on its chain. */
  'safeMissing',
  /** A Safe without the platform's execution guard (made before it, or removed): anyone holding its signatures may execute. */
  'safeGuard',
  /** An owner announced the escape on a Safe's guard: from the date found, its owners may execute without the platform. */
  'safeEscape',
  /** The chain of a wallet could not be read: not compared. */
  'chainUnreadable',
  /** A token contract named by a currency of the chain is not on the node: that currency is not compared, the wallet's others are. */
  'tokenMissing',
  /** An `internal transfer` credit that does not stand for its record's amount (or a record without its credit). */
  'internalCredit',
  /**
   * An outflow sent and not booked past its lease (docs/chains.md "The intent log"): its process
   * stopped and no resume has finished it yet. Its wallet is not compared with the chain meanwhile.
   */
  'outflowUnbooked',
] as const;
export type LedgerBreakKind = (typeof LEDGER_BREAK_KINDS)[number];

export const ledgerBreak = z.object({
  kind: z.enum(LEDGER_BREAK_KINDS),
  walletId: z.number().nullable(),
  walletLabel: z.string().nullable(),
  symbol: z.string().nullable(),
  /** The movement, proposal or order the break is about. */
  refId: z.number().nullable(),
  /** What the ledger says, and what was found (decimal strings or counts). */
  expected: z.string().nullable(),
  actual: z.string().nullable(),
});
export type LedgerBreak = z.output<typeof ledgerBreak>;

export const ledgerVerifyResult = z.object({
  balanced: z.boolean(),
  asOf: isoInstant,
  breaks: z.array(ledgerBreak),
});
export type LedgerVerifyResult = z.output<typeof ledgerVerifyResult>;
