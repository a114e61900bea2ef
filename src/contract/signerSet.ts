/**
 * The rule of a multisig wallet's governance, shared by wallet creation and governance
 * proposals (and so by console and server): at least two distinct signers — one person
 * alone is not m-of-n — and 1 ≤ threshold ≤ signers. Membership of the wallet's org needs
 * the database and is checked by the server.
 */
export const MIN_SIGNERS = 2;
export const MAX_SIGNERS = 50;

export interface SignerSetIssue {
  path: 'signers' | 'threshold';
  message: string;
  params?: Record<string, number>;
}

export function signerSetIssues(signers: readonly number[], threshold: number | null | undefined): SignerSetIssue[] {
  const issues: SignerSetIssue[] = [];
  if (signers.length === 0) issues.push({ path: 'signers', message: 'validation.required' });
  else if (new Set(signers).size !== signers.length) issues.push({ path: 'signers', message: 'validation.distinctSigners' });
  else if (signers.length < MIN_SIGNERS) issues.push({ path: 'signers', message: 'validation.minSigners', params: { min: MIN_SIGNERS } });
  if (threshold === null || threshold === undefined) issues.push({ path: 'threshold', message: 'validation.required' });
  else if (signers.length > 0 && threshold > signers.length)
    issues.push({ path: 'threshold', message: 'validation.thresholdAboveSigners', params: { signers: signers.length } });
  return issues;
}

/** The same people, whatever the order: a signer list's order is only its display order. */
export function sameSigners(a: readonly number[], b: readonly number[]): boolean {
  const other = new Set(b);
  return a.length === b.length && new Set(a).size === other.size && a.every((id) => other.has(id));
}
