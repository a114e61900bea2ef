import { describe, expect, it } from 'vitest';
import { availableActions, decide, type ProposalAction, type ProposalFacts } from '../../../src/contract/proposalMachine';

const facts = (overrides: Partial<ProposalFacts> = {}): ProposalFacts => ({
  status: 'pending',
  expired: false,
  isSigner: true,
  hasApproved: false,
  approvals: 0,
  threshold: 2,
  lowerOpenNonce: null,
  ...overrides,
});

type Expect = string; // new status, or "403 key" / "409 key"
const table: Array<[string, Partial<ProposalFacts>, ProposalAction, Expect]> = [
  ['pending, first approval of 2', { approvals: 0 }, 'approval', 'pending'],
  ['pending, approval reaching the threshold', { approvals: 1 }, 'approval', 'approved'],
  ['pending, repeat approval', { approvals: 1, hasApproved: true }, 'approval', '409 api.alreadyApproved'],
  ['pending, non-signer approval', { isSigner: false }, 'approval', '403 api.notSigner'],
  ['pending, deny', {}, 'deny', 'denied'],
  ['pending, non-signer deny', { isSigner: false }, 'deny', '403 api.notSigner'],
  ['pending, confirm below threshold', { approvals: 1 }, 'confirm', '409 api.notApproved'],
  ['approved, confirm', { status: 'approved', approvals: 2 }, 'confirm', 'executed'],
  ['approved, confirm with a lower open nonce', { status: 'approved', approvals: 2, lowerOpenNonce: 3 }, 'confirm', '409 api.nonceFirst'],
  ['approved, non-signer confirm', { status: 'approved', approvals: 2, isSigner: false }, 'confirm', '403 api.notSigner'],
  ['approved, deny (veto until executed)', { status: 'approved', approvals: 2 }, 'deny', 'denied'],
  ['approved, extra approval by a new signer', { status: 'approved', approvals: 2 }, 'approval', 'approved'],
  ['expired by time, approval', { expired: true }, 'approval', '409 api.proposalExpired'],
  ['expired by time, confirm', { status: 'approved', expired: true, approvals: 2 }, 'confirm', '409 api.proposalExpired'],
  ['executed, confirm again', { status: 'executed' }, 'confirm', '409 api.proposalFinished'],
  ['executed, deny', { status: 'executed' }, 'deny', '409 api.proposalFinished'],
  ['denied, approval', { status: 'denied' }, 'approval', '409 api.proposalFinished'],
  ['expired, deny', { status: 'expired' }, 'deny', '409 api.proposalFinished'],
  ['finished beats non-signer', { status: 'executed', isSigner: false }, 'approval', '409 api.proposalFinished'],
];

describe('proposal state machine (state × action × actor → outcome)', () => {
  it.each(table)('%s', (_case, overrides, action, expected) => {
    const outcome = decide(action, facts(overrides));
    const got = outcome.ok ? outcome.status : `${outcome.refusal.code} ${outcome.refusal.key}`;
    expect(got).toBe(expected);
  });

  it('buttons: a waiting signer may approve or deny; after approving, deny only; a non-signer nothing', () => {
    expect(availableActions(facts())).toEqual(['approval', 'deny']);
    expect(availableActions(facts({ hasApproved: true, approvals: 1 }))).toEqual(['deny']);
    expect(availableActions(facts({ status: 'approved', approvals: 2, hasApproved: true }))).toEqual(['deny', 'confirm']);
    expect(availableActions(facts({ isSigner: false }))).toEqual([]);
    expect(availableActions(facts({ status: 'executed' }))).toEqual([]);
  });
});
