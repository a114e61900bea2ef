/**
 * The one public name of a multisig proposal: its wallet and its nonce ("Aurora cold · #4"),
 * as a Safe names a transaction. The nonce alone repeats across wallets and the record id
 * means nothing to a signer, so screens, dialogs, toasts and the server's messages all say
 * this; the id appears only in URLs.
 */
export interface ProposalReferenceParts {
  walletLabel: string;
  nonce: number;
}

export const proposalReference = ({ walletLabel, nonce }: ProposalReferenceParts): string => `${walletLabel} · #${nonce}`;

/** A row that may name a proposal (a movement, a ledger entry): its reference, or null when it names none. */
export function optionalProposalReference(walletLabel: unknown, nonce: unknown): string | null {
  if (typeof nonce !== 'number' || typeof walletLabel !== 'string') return null;
  return proposalReference({ walletLabel, nonce });
}
