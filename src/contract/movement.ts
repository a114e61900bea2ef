import { may, type ActionName } from '../access';
import { isColdKind } from './contractKinds';
import { orderDepositRefusal } from './merchantOrder';

/** Money movements (/transfer, /withdraw, /refund, /supply; docs/ledger.md). */
export const MOVEMENT_KINDS = ['transfer', 'withdraw', 'refund', 'supply'] as const;
export type MovementKind = (typeof MOVEMENT_KINDS)[number];

/** What a list shows: `executed` at once for a direct movement, else its proposal's status. */
export const MOVEMENT_STATUSES = ['executed', 'sending', 'failed', 'pending', 'approved', 'denied', 'expired', 'superseded'] as const;
export type MovementStatus = (typeof MOVEMENT_STATUSES)[number];

/** The named actions of each kind (src/access/policy.ts): who starts one, who reads its list. */
export const movementCreate = (kind: MovementKind) => `${kind}.create` as const;
export const movementRead = (kind: MovementKind) => `${kind}.read` as const;

/** Who may start money out of a cold wallet of this kind (src/access/policy.ts `coldWallet.moveOut`, `liteColdWallet.moveOut`). */
export const coldOutflowAction = (walletKind: string): ActionName =>
  walletKind === 'MultiSigColdLite' ? 'liteColdWallet.moveOut' : 'coldWallet.moveOut';

/**
 * The wallet's own rule, beyond the kind's writers (as for a sign start): nothing leaves an
 * order's own deposit address by hand (merchantOrder.ts `orderDepositRefusal`); anything out
 * of a cold wallet needs its cold starters (above); a transfer out of any other wallet needs
 * allowTransfer. Returns the refusal's message key, or null when the role may.
 */
export function walletOutflowRefusal(roleIndex: number, kind: string, walletKind: string): string | null {
  const orderDeposit = orderDepositRefusal(walletKind);
  if (orderDeposit) return orderDeposit;
  if (walletKind === 'MultiSigColdLite') return may(roleIndex, coldOutflowAction(walletKind)) ? null : 'validation.liteColdManager';
  if (isColdKind(walletKind)) return may(roleIndex, coldOutflowAction(walletKind)) ? null : 'validation.coldWalletAdmins';
  if (kind === 'transfer' && !may(roleIndex, 'wallet.transferOut')) return 'validation.transferNotAllowedFromWallet';
  return null;
}
