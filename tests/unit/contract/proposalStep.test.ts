import { describe, expect, it } from 'vitest';
import { auditActionKey, proposalStep } from '../../../src/contract/audit';

/** An audit row of a proposal reads as the step it was (docs/DECISIONS.md "Proposal names in the audit log"). */
describe('proposalStep', () => {
  it('a proposal’s creation is its start; a status change is the status it reached', () => {
    expect(proposalStep('proposal', 'create', { status: 'pending' })).toBe('start');
    for (const status of ['approved', 'pending', 'executed', 'denied', 'expired', 'superseded'] as const)
      expect(proposalStep('proposal', 'update', { status })).toBe(status);
  });

  it('a vote is an approval or a denial', () => {
    expect(proposalStep('proposalVote', 'create', { vote: 'approve' })).toBe('approval');
    expect(proposalStep('proposalVote', 'create', { vote: 'deny' })).toBe('deny');
  });

  it('a change that moved no status, and any other record, has no step: the row keeps its action', () => {
    expect(proposalStep('proposal', 'update', { safeTx: {} })).toBeNull();
    expect(proposalStep('currency', 'update', { status: 'executed' })).toBeNull();
    expect(auditActionKey('update', null)).toBe('auditLog.action.update');
    expect(auditActionKey('update', 'executed')).toBe('auditLog.proposalStep.executed');
    expect(auditActionKey('update', 'bogus')).toBe('auditLog.action.update');
  });
});
