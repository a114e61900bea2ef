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
  'payLink',
  'addressBook',
  'policy',
  'signingKey',
  'chainReorg',
  'chainInternalCredit',
] as const;
export type AuditEntity = (typeof AUDIT_ENTITIES)[number];

/** create / update / delete of a row, or a named event of the account's life. */
export const AUDIT_ACTIONS = ['create', 'update', 'delete', 'signIn', 'signInFailed', 'signOut', 'passwordChange', 'sessionRevoke', 'twoFactorEnrol', 'twoFactorDisable', 'twoFactorFailed'] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];
