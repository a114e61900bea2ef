import type { ProposalStatus } from './contractKinds';

/**
 * The multisig proposal state machine of SPEC B5, pure: the server applies it inside
 * a locked transaction, the console uses it to decide which buttons to show.
 */
export type ProposalAction = 'approval' | 'deny' | 'confirm';

export interface ProposalFacts {
  status: ProposalStatus;
  /** The proposal's time to live has passed (it is, or is about to be marked, expired). */
  expired: boolean;
  isSigner: boolean;
  hasApproved: boolean;
  approvals: number;
  threshold: number;
  /** The lowest open (pending/approved) nonce of the same wallet below this one, if any. */
  lowerOpenNonce: number | null;
}

export interface Refusal {
  code: 403 | 409;
  key: string;
  params?: Record<string, string | number>;
}

export type Outcome = { ok: true; status: ProposalStatus; countsApproval: boolean } | { ok: false; refusal: Refusal; expire?: true };

const FINISHED: readonly ProposalStatus[] = ['executed', 'denied', 'expired'];

export function decide(action: ProposalAction, facts: ProposalFacts): Outcome {
  if (FINISHED.includes(facts.status)) return { ok: false, refusal: { code: 409, key: 'api.proposalFinished', params: { status: facts.status } } };
  if (facts.expired) return { ok: false, refusal: { code: 409, key: 'api.proposalExpired' }, expire: true };
  if (!facts.isSigner) return { ok: false, refusal: { code: 403, key: 'api.notSigner' } };
  switch (action) {
    case 'deny':
      return { ok: true, status: 'denied', countsApproval: false };
    case 'approval': {
      if (facts.hasApproved) return { ok: false, refusal: { code: 409, key: 'api.alreadyApproved' } };
      const reached = facts.approvals + 1 >= facts.threshold;
      return { ok: true, status: reached ? 'approved' : facts.status, countsApproval: true };
    }
    case 'confirm':
      if (facts.status !== 'approved') {
        return { ok: false, refusal: { code: 409, key: 'api.notApproved', params: { approvals: facts.approvals, threshold: facts.threshold } } };
      }
      if (facts.lowerOpenNonce !== null) return { ok: false, refusal: { code: 409, key: 'api.nonceFirst', params: { nonce: facts.lowerOpenNonce } } };
      return { ok: true, status: 'executed', countsApproval: false };
  }
}

/** Which actions this signer may press now (the console shows only these buttons). */
export function availableActions(facts: ProposalFacts): ProposalAction[] {
  return (['approval', 'deny', 'confirm'] as const).filter((action) => decide(action, facts).ok);
}
