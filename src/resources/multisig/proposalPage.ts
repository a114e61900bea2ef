import { canAccess, type RoutePath } from '../../access';

const LITE_WALLETS: RoutePath = '/merchant-lite-wallet';

/**
 * A lite signer's proposal page: under the lite wallets' route, whose group guards it, since
 * /multisig is closed to the lite row (docs/DECISIONS.md "Lite signers and the lite cold wallet").
 */
export const LITE_PROPOSAL_PATH = `${LITE_WALLETS}/proposal`;

/** Where this role finds the proposals waiting for it: the queue, else the lite wallets' page; null when it reaches neither. */
export function proposalQueuePath(roleIndex: number | null | undefined): string | null {
  if (canAccess(roleIndex, '/multisig')) return '/multisig';
  if (canAccess(roleIndex, LITE_PROPOSAL_PATH)) return LITE_WALLETS;
  return null;
}

/** The page of a proposal this role may open: the queue's, else a lite signer's; null when it reaches neither. */
export function proposalPagePath(roleIndex: number | null | undefined, proposalId: number): string | null {
  if (canAccess(roleIndex, '/multisig')) return `/multisig/${proposalId}/show`;
  if (canAccess(roleIndex, LITE_PROPOSAL_PATH)) return `${LITE_PROPOSAL_PATH}/${proposalId}`;
  return null;
}
