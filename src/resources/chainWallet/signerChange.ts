import { isMultiSigKind } from '../../contract/contractKinds';
import { sameSigners } from '../../contract/signerSet';
import type { WalletSignerRecord } from '../../contract/schemas/chainWallet';

interface WalletFacts {
  id?: unknown;
  kind?: unknown;
  orgId?: unknown;
  threshold?: unknown;
  signers?: unknown;
}

const signersOf = (wallet: WalletFacts): WalletSignerRecord[] =>
  Array.isArray(wallet.signers) ? (wallet.signers as WalletSignerRecord[]) : [];

/**
 * Who is offered "Change signers": a current signer of a multisig wallet, acting in the
 * wallet's own org — the server's own rule for starting a signer change. The session knows
 * the account, which the wallet's signer list names.
 */
export function mayProposeSignerChange(wallet: WalletFacts | undefined, actor: { account: string | null; orgId: number | null }): boolean {
  if (!wallet || typeof wallet.kind !== 'string' || !isMultiSigKind(wallet.kind)) return false;
  if (actor.account === null || actor.orgId === null || Number(wallet.orgId) !== actor.orgId) return false;
  return signersOf(wallet).some((signer) => signer.account === actor.account);
}

const ids = (value: unknown): number[] =>
  Array.isArray(value)
    ? value.map((item) => Number(typeof item === 'object' && item !== null ? (item as WalletSignerRecord).userId : item))
    : [];

/** The sign start body of a signer change of this wallet, from the form's values. */
export function signerChangeBody(walletId: number, values: Record<string, unknown>) {
  return {
    walletId,
    kind: 'governance' as const,
    signers: ids(values.signers),
    threshold: typeof values.threshold === 'number' ? values.threshold : undefined,
    memo: typeof values.memo === 'string' ? values.memo : '',
  };
}

/** The same set and threshold as now: nothing to propose (the server refuses it the same way). */
export const isUnchanged = (wallet: WalletFacts, body: { signers: number[]; threshold?: number }): boolean =>
  body.threshold === wallet.threshold && sameSigners(body.signers, currentSignerIds(wallet));

export const currentSignerIds = (wallet: WalletFacts): number[] => signersOf(wallet).map((s) => s.userId);
