import { proposalReference } from '../../contract/proposalReference';
import type { ProposalRecord } from '../../contract/schemas/sign';

type Translate = (key: string, options?: Record<string, unknown>) => string;

export const isGovernance = (proposal: Pick<ProposalRecord, 'kind'>) => proposal.kind === 'governance';

/** A kind as the user reads it ("Withdrawal", "Signer change"); a kind without a label still reads as words, never as a key. */
export const proposalKindLabel = (kind: string, translate: Translate): string => translate(`multisig.kind.${kind}`, { _: kind });

/** What a proposal moves: "1.5 ETH", or for a signer change the set it asks for ("→ 2 of 2"), since its amount ('0') says nothing. */
export function proposalObject(proposal: ProposalRecord, translate: Translate): string {
  if (!isGovernance(proposal)) return `${proposal.amount} ${proposal.symbol}`;
  if (proposal.newThreshold === null || proposal.newSigners === null) return '';
  return `→ ${translate('multisig.mOfN', { m: proposal.newThreshold, n: proposal.newSigners.length })}`;
}

/** "Transfer 1.5 ETH", "Signer change → 2 of 2". */
export const proposalSummary = (proposal: ProposalRecord, translate: Translate): string =>
  `${proposalKindLabel(proposal.kind, translate)} ${proposalObject(proposal, translate)}`.trim();

/** "Aurora cold · #3 must be executed first": the lower open nonce this one waits for, named as everywhere; null when none. */
export const nonceFirstText = (proposal: ProposalRecord, translate: Translate): string | null =>
  proposal.blockedByNonce === null
    ? null
    : translate('multisig.nonceFirst', {
        proposal: proposalReference({ walletLabel: proposal.walletLabel, nonce: proposal.blockedByNonce }),
      });

/** A fee of zero is no fee: withdrawals carry one, other kinds '0'. */
export const hasFee = (fee: string | null | undefined): fee is string => Boolean(fee) && !/^0*(\.0*)?$/.test(fee ?? '');
