import { describe, expect, it } from 'vitest';
import { availableActions, decide, type ProposalAction, type ProposalFacts } from '../../../src/contract/proposalMachine';

/** A 2-of-3 proposal; each row of the table changes only what its case is about. */
const facts = (overrides: Partial<ProposalFacts> = {}): ProposalFacts => ({
  status: 'pending',
  expired: false,
  isSigner: true,
  hasApproved: false,
  hasDenied: false,
  approvals: 0,
  threshold: 2,
  lowerOpenNonce: null,
  ...overrides,
});

// Actors: a signer who has not voted, a signer who approved, a non-signer.
const waiting: Partial<ProposalFacts> = {};
const approver: Partial<ProposalFacts> = { hasApproved: true };
const outsider: Partial<ProposalFacts> = { isSigner: false };

// State: the stored status plus what the clock and the wallet's queue say.
const pending1of2: Partial<ProposalFacts> = { status: 'pending', approvals: 1 };
const pending0of2: Partial<ProposalFacts> = { status: 'pending', approvals: 0 };
const approved: Partial<ProposalFacts> = { status: 'approved', approvals: 2 };
const approvedBehindNonce3: Partial<ProposalFacts> = { status: 'approved', approvals: 2, lowerOpenNonce: 3 };
const overduePending: Partial<ProposalFacts> = { status: 'pending', approvals: 1, expired: true };
const overdueApproved: Partial<ProposalFacts> = { status: 'approved', approvals: 2, expired: true };

/** Expected: the new status, or "<code> <message key>". */
const table: Array<
  [state: string, Partial<ProposalFacts>, action: ProposalAction, actor: string, Partial<ProposalFacts>, expected: string]
> = [
  ['pending 0/2', pending0of2, 'approval', 'waiting signer', waiting, 'pending'],
  ['pending 1/2', pending1of2, 'approval', 'waiting signer', waiting, 'approved'],
  ['pending 1/2', pending1of2, 'approval', 'approver (repeat)', approver, '409 api.alreadyApproved'],
  ['pending 1/2', pending1of2, 'approval', 'non-signer', outsider, '403 api.notSigner'],
  ['pending 1/2', pending1of2, 'deny', 'waiting signer', waiting, 'denied'],
  ['pending 1/2', pending1of2, 'deny', 'approver (changes their mind)', approver, 'denied'],
  ['pending 1/2', pending1of2, 'deny', 'non-signer', outsider, '403 api.notSigner'],
  ['pending 1/2', pending1of2, 'confirm', 'approver', approver, '409 api.notApproved'],
  ['pending 1/2', pending1of2, 'confirm', 'non-signer', outsider, '403 api.notSigner'],
  ['approved 2/2', approved, 'approval', 'waiting signer (extra approval)', waiting, 'approved'],
  ['approved 2/2', approved, 'approval', 'approver (repeat)', approver, '409 api.alreadyApproved'],
  ['approved 2/2', approved, 'deny', 'waiting signer (veto until executed)', waiting, 'denied'],
  ['approved 2/2', approved, 'confirm', 'waiting signer', waiting, 'executed'],
  ['approved 2/2', approved, 'confirm', 'approver', approver, 'executed'],
  ['approved 2/2', approved, 'confirm', 'non-signer', outsider, '403 api.notSigner'],
  ['approved, nonce 3 open below', approvedBehindNonce3, 'confirm', 'approver', approver, '409 api.nonceFirst'],
  ['approved, nonce 3 open below', approvedBehindNonce3, 'deny', 'waiting signer', waiting, 'denied'],
  ['pending past expiry', overduePending, 'approval', 'waiting signer', waiting, '409 api.proposalExpired'],
  ['pending past expiry', overduePending, 'deny', 'waiting signer', waiting, '409 api.proposalExpired'],
  ['pending past expiry', overduePending, 'approval', 'non-signer', outsider, '409 api.proposalExpired'],
  ['approved past expiry', overdueApproved, 'confirm', 'approver', approver, '409 api.proposalExpired'],
  ['executed', { status: 'executed', approvals: 2 }, 'confirm', 'approver', approver, '409 api.proposalFinished.executed'],
  ['executed', { status: 'executed', approvals: 2 }, 'deny', 'waiting signer', waiting, '409 api.proposalFinished.executed'],
  ['executed', { status: 'executed', approvals: 2 }, 'approval', 'non-signer', outsider, '409 api.proposalFinished.executed'],
  ['denied', { status: 'denied', approvals: 1 }, 'approval', 'waiting signer', waiting, '409 api.proposalFinished.denied'],
  ['denied', { status: 'denied', approvals: 1 }, 'deny', 'denier (repeat)', { hasDenied: true }, '409 api.proposalFinished.denied'],
  ['denied', { status: 'denied', approvals: 2 }, 'confirm', 'approver', approver, '409 api.proposalFinished.denied'],
  ['expired', { status: 'expired', approvals: 1 }, 'approval', 'waiting signer', waiting, '409 api.proposalFinished.expired'],
  ['expired', { status: 'expired', approvals: 2, expired: true }, 'confirm', 'approver', approver, '409 api.proposalFinished.expired'],
  ['pending 1/2 (pure rule)', pending1of2, 'deny', 'denier (repeat)', { hasDenied: true }, '409 api.alreadyDenied'],
  ['pending, 1-of-1 wallet', { status: 'pending', approvals: 0, threshold: 1 }, 'approval', 'waiting signer', waiting, 'approved'],
];

describe('proposal state machine (state × action × actor → outcome)', () => {
  it.each(table)('%s, %s by %s', (_state, state, action, _actor, actor, expected) => {
    const outcome = decide(action, facts({ ...state, ...actor }));
    const got = outcome.ok ? outcome.status : `${outcome.refusal.code} ${outcome.refusal.key}`;
    expect(got).toBe(expected);
  });

  it('asks to mark expired only when the proposal is open and past its time', () => {
    expect(decide('approval', facts(overduePending))).toMatchObject({ ok: false, expire: true });
    expect(decide('approval', facts({ status: 'expired', expired: true }))).not.toHaveProperty('expire');
    expect(decide('approval', facts(pending1of2))).not.toHaveProperty('expire');
  });

  it('names the vote an action records and the nonce that blocks', () => {
    expect(decide('approval', facts(pending1of2))).toMatchObject({ ok: true, vote: 'approve' });
    expect(decide('deny', facts(pending1of2))).toMatchObject({ ok: true, vote: 'deny' });
    expect(decide('confirm', facts(approved))).toMatchObject({ ok: true, vote: null });
    expect(decide('confirm', facts(approvedBehindNonce3))).toMatchObject({ ok: false, refusal: { params: { nonce: 3 } } });
    expect(decide('confirm', facts(pending1of2))).toMatchObject({ ok: false, refusal: { params: { approvals: 1, threshold: 2 } } });
  });

  it('buttons: only what the actor may press now', () => {
    expect(availableActions(facts(pending0of2))).toEqual(['approval', 'deny']);
    expect(availableActions(facts({ ...pending1of2, ...approver }))).toEqual(['deny']);
    expect(availableActions(facts({ ...approved, ...approver }))).toEqual(['deny', 'confirm']);
    expect(availableActions(facts({ ...approvedBehindNonce3, ...approver }))).toEqual(['deny']);
    expect(availableActions(facts({ ...approved, ...outsider }))).toEqual([]);
    expect(availableActions(facts(overduePending))).toEqual([]);
    expect(availableActions(facts({ status: 'executed' }))).toEqual([]);
  });
});
