import { combine, maskHas, maskOf, masks, ROLES, routeGroups, type RoleMask } from '../access';
import { isColdKind } from './contractKinds';
import { MERCHANT_MONEY_STAFF } from './merchantMoneyStaff';

/** Money movements (/transfer, /withdraw, /refund, /supply; docs/ledger.md). */
export const MOVEMENT_KINDS = ['transfer', 'withdraw', 'refund', 'supply'] as const;
export type MovementKind = (typeof MOVEMENT_KINDS)[number];

/** What a list shows: `executed` at once for a direct movement, else its proposal's status. */
export const MOVEMENT_STATUSES = ['executed', 'sending', 'failed', 'pending', 'approved', 'denied', 'expired', 'superseded'] as const;
export type MovementStatus = (typeof MOVEMENT_STATUSES)[number];

/** Money paid out of a merchant (withdraw, refund): its managers and finance staff, and superAdmin for the operator's own wallets. */
export const PAYOUT_WRITERS = combine(MERCHANT_MONEY_STAFF, maskOf(ROLES.superAdmin));

/**
 * Who may create each kind. A transfer out of a cold wallet needs coldAdmins, out of any
 * other allowTransfer (as a sign start does), so both may open the form. Supply moves cold
 * funds, on a route of std and pro merchants and the operator: coldAdmins within that group.
 */
export const MOVEMENT_WRITERS: Record<MovementKind, RoleMask> = {
  transfer: combine(masks.allowTransfer, masks.coldAdmins),
  withdraw: PAYOUT_WRITERS,
  refund: PAYOUT_WRITERS,
  supply: masks.coldAdmins & routeGroups.stdProOperator,
};

/** Who reads each kind's list: the guard group of its route (docs/roles-and-routes.md). */
export const MOVEMENT_READERS: Record<MovementKind, RoleMask> = {
  transfer: routeGroups.all,
  withdraw: routeGroups.all,
  refund: routeGroups.all,
  supply: routeGroups.stdProOperator,
};

/**
 * Who may start money out of a cold wallet of this kind: coldAdmins; out of the lite tier's
 * multisig cold wallet (MultiSigColdLite) also the lite manager, since no cold admin belongs to a
 * lite org and only a wallet of the selected org pays (docs/DECISIONS.md "Lite signers and the
 * lite cold wallet"). Its m signers still approve every outflow.
 */
export const coldOutflowStarters = (walletKind: string): RoleMask => (walletKind === 'MultiSigColdLite' ? combine(masks.coldAdmins, maskOf(ROLES.merchantLiteManager)) : masks.coldAdmins);

/**
 * The wallet's own rule, beyond the kind's writers (as for a sign start): anything out
 * of a cold wallet needs its cold starters (above); a transfer out of any other wallet needs
 * allowTransfer. Returns the refusal's message key, or null when the role may.
 */
export function walletOutflowRefusal(roleIndex: number, kind: string, walletKind: string): string | null {
  if (walletKind === 'MultiSigColdLite') return maskHas(coldOutflowStarters(walletKind), roleIndex) ? null : 'validation.liteColdManager';
  if (isColdKind(walletKind)) return maskHas(coldOutflowStarters(walletKind), roleIndex) ? null : 'validation.coldWalletAdmins';
  if (kind === 'transfer' && !maskHas(masks.allowTransfer, roleIndex)) return 'validation.transferNotAllowedFromWallet';
  return null;
}
