/** Audit trail constants both sides read, free of zod (declarations import them). */

/**
 * What an audit event is about: the audited tables, by the name the console shows
 * (docs/DECISIONS.md "Audit trail"). `auth` covers sign-in events that change no row
 * of their own (a failed sign-in).
 */
export const AUDIT_ENTITIES = [
  'auth',
  'session',
  'user',
  'org',
  'member',
  'invitation',
  'brand',
  'chain',
  'currency',
  'contractAddress',
  'wallet',
  'walletSigner',
  'proposal',
  'proposalVote',
  'movement',
  'orderRepair',
  'orderRefund',
  'payLink',
  'addressBook',
  'policy',
  'signingKey',
  'chainReorg',
  'chainInternalCredit',
  'apiKey',
  'webhook',
] as const;
export type AuditEntity = (typeof AUDIT_ENTITIES)[number];

/** create / update / delete of a row, or a named event of the account's life. */
export const AUDIT_ACTIONS = [
  'create',
  'update',
  'delete',
  'signIn',
  'signInFailed',
  'signOut',
  'passwordChange',
  'sessionRevoke',
  'twoFactorEnrol',
  'twoFactorDisable',
  'twoFactorFailed',
  // A manager's sending a webhook delivery again, and a test event (entity `webhook`, docs/webhooks.md).
  'webhookResend',
  'webhookTest',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/**
 * What an audit event of a proposal or one of its votes did, in the words of the proposal's life
 * (docs/DECISIONS.md "Proposal names in the audit log"): a row that reads "Changed" alone does not
 * say whether the proposal was approved, denied or executed. Null for any other event, and for a
 * proposal change that moved no status (the Safe transaction re-recorded at a lower nonce).
 */
export const PROPOSAL_STEPS = ['start', 'approval', 'deny', 'approved', 'pending', 'executed', 'denied', 'expired', 'superseded'] as const;
export type ProposalStep = (typeof PROPOSAL_STEPS)[number];

export function proposalStep(entity: string, action: string, after: Record<string, unknown> | null): ProposalStep | null {
  if (entity === 'proposalVote' && action === 'create')
    return after?.vote === 'approve' ? 'approval' : after?.vote === 'deny' ? 'deny' : null;
  if (entity !== 'proposal') return null;
  if (action === 'create') return 'start';
  if (action !== 'update') return null;
  const status = after?.status;
  return (['approved', 'pending', 'executed', 'denied', 'expired', 'superseded'] as const).find((s) => s === status) ?? null;
}

/** The translation key of an event's action as people read it: a proposal's step when it has one ("Approved"), else the row's action ("Changed"). */
export const auditActionKey = (action: string, step: unknown): string =>
  typeof step === 'string' && (PROPOSAL_STEPS as readonly string[]).includes(step)
    ? `auditLog.proposalStep.${step}`
    : `auditLog.action.${action}`;
