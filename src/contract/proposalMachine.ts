import type { ProposalStatus } from './contractKinds';

/**
 * The multisig proposal state machine (docs/proposals.md), pure: the server applies it inside
 * a locked transaction, the console uses it (through the detail's `myActions`) to
 * decide which buttons to show.
 */
export const PROPOSAL_ACTIONS = ['approval', 'deny', 'confirm'] as const;
export type ProposalAction = (typeof PROPOSAL_ACTIONS)[number];

/** Proposals that still wait for something: the queue. */
export const OPEN_STATUSES: readonly ProposalStatus[] = ['pending', 'approved'];
export const isOpenStatus = (status: string): boolean => (OPEN_STATUSES as readonly string[]).includes(status);

export interface ProposalFacts {
  /** The stored status (not yet marked expired, even when `expired` is true). */
  status: ProposalStatus;
  /** The proposal's time to live has passed. */
  expired: boolean;
  /** The actor is one of the wallet's signers. */
  isSigner: boolean;
  hasApproved: boolean;
  hasDenied: boolean;
  /** Approvals counted so far, and the m of m-of-n frozen when the proposal started. */
  approvals: number;
  threshold: number;
  /** The lowest open nonce of the same wallet below this one; null when this one is the lowest open nonce. */
  lowerOpenNonce: number | null;
}

export interface Refusal {
  code: 403 | 409;
  key: string;
  params?: Record<string, string | number>;
}

/**
 * What an action leads to: the new status (and whether the action records a vote), or a
 * refusal. `expire: true` asks the caller to mark the proposal expired before refusing.
 */
export type Outcome =
  { ok: true; status: ProposalStatus; vote: 'approve' | 'deny' | null } | { ok: false; refusal: Refusal; expire?: true };

const refuse = (code: Refusal['code'], key: string, params?: Refusal['params']): Outcome => ({
  ok: false,
  refusal: { code, key, ...(params ? { params } : {}) },
});

/**
 * Order of the checks: a finished proposal is finished for everyone (409); one past its
 * time expires now, whoever asks (409); then only signers act (403); then the action's rules.
 */
export function decide(action: ProposalAction, facts: ProposalFacts): Outcome {
  if (!isOpenStatus(facts.status)) return refuse(409, `api.proposalFinished.${facts.status}`);
  if (facts.expired) return { ok: false, refusal: { code: 409, key: 'api.proposalExpired' }, expire: true };
  if (!facts.isSigner) return refuse(403, 'api.notSigner');
  switch (action) {
    case 'deny':
      // A veto: any signer, also one who approved before, until the proposal is executed.
      if (facts.hasDenied) return refuse(409, 'api.alreadyDenied');
      return { ok: true, status: 'denied', vote: 'deny' };
    case 'approval': {
      if (facts.hasApproved) return refuse(409, 'api.alreadyApproved');
      const reached = facts.approvals + 1 >= facts.threshold;
      return { ok: true, status: reached ? 'approved' : facts.status, vote: 'approve' };
    }
    case 'confirm':
      if (facts.status !== 'approved') return refuse(409, 'api.notApproved', { approvals: facts.approvals, threshold: facts.threshold });
      if (facts.lowerOpenNonce !== null) return refuse(409, 'api.nonceFirst', { nonce: facts.lowerOpenNonce });
      return { ok: true, status: 'executed', vote: null };
  }
}

/** Which actions the actor may press now (the console shows only these buttons). */
export function availableActions(facts: ProposalFacts): ProposalAction[] {
  return PROPOSAL_ACTIONS.filter((action) => decide(action, facts).ok);
}
