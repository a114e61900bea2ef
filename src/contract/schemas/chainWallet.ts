import { z } from 'zod';
import { WALLET_KINDS } from '../contractKinds';
import { MAX_SIGNERS, signerSetIssues } from '../signerSet';
import { chainIdField } from './chain';
import { idList, listQuery, recordId } from './listQuery';
import { isoInstant } from './response';

/** Fields of a chain wallet as the console's form and POST /sys/chain-wallet/save send them. */
const label = z.string().trim().max(64);

export const chainWalletFields = {
  chainId: chainIdField,
  orgId: z.number().int({ error: 'validation.integer' }).positive({ error: 'validation.invalidId' }),
  kind: z.enum(WALLET_KINDS, { error: (issue) => (issue.input === undefined ? 'validation.required' : 'validation.notWalletKind') }),
  /** Required, except for a multisig wallet on an EVM chain: that one is a Safe, and its address the Safe's. */
  address: z.string().trim().min(1, { error: 'validation.required' }).max(64).optional(),
  label: label.default(''),
  /** Multisig kinds only: approvals needed (1 ≤ threshold ≤ signers). */
  threshold: z
    .number()
    .int({ error: 'validation.integer' })
    .min(1)
    .max(50)
    .nullish()
    .transform((v) => v ?? null),
  /** Multisig kinds only: user ids of members of the wallet's org (at least two). */
  signers: z.array(z.number().int().positive()).max(MAX_SIGNERS).default([]),
};

/** Body of POST /sys/chain-wallet/save; threshold/signer rules that need no database run here too. */
export const chainWalletBody = z.object(chainWalletFields).superRefine((wallet, ctx) => {
  const multisig = wallet.kind.startsWith('MultiSig') || wallet.kind === 'DefiMultiSig';
  if (!multisig) {
    if (wallet.threshold !== null) ctx.addIssue({ code: 'custom', path: ['threshold'], message: 'validation.onlyMultisig' });
    if (wallet.signers.length > 0) ctx.addIssue({ code: 'custom', path: ['signers'], message: 'validation.onlyMultisig' });
    return;
  }
  for (const issue of signerSetIssues(wallet.signers, wallet.threshold))
    ctx.addIssue({ code: 'custom', path: [issue.path], message: issue.message, params: issue.params });
});
export type ChainWalletBody = z.infer<typeof chainWalletBody>;

/**
 * Body of POST /sys/chain-wallet/update: the id and the label. Chain, org, kind and address
 * are fixed; the signers and threshold of a multisig wallet change only through a governance
 * proposal its signers approve. They are still accepted here so a form may send the record
 * back as it read it: the same values pass, any change is refused (409).
 */
export const chainWalletUpdateBody = z.object({
  id: recordId,
  // Not chainWalletFields.label: zod 4 applies a default inside .optional(), so an update without a label would empty it.
  label: label.optional(),
  threshold: z.number().int({ error: 'validation.integer' }).min(1).max(50).nullish(),
  signers: z.array(z.number().int().positive()).max(MAX_SIGNERS).optional(),
});
export type ChainWalletUpdateBody = z.infer<typeof chainWalletUpdateBody>;

export const chainWalletSortable = ['id', 'chainId', 'orgId', 'kind', 'label', 'createdAt'] as const;

export const chainWalletListQuery = listQuery(chainWalletSortable, {
  chainId: z.coerce.number().int().positive().optional(),
  orgId: z.coerce.number().int().positive().optional(),
  kind: z.enum(WALLET_KINDS).optional(),
  address: z.string().trim().max(64).optional(),
  label: z.string().trim().max(64).optional(),
  ids: idList.optional(),
});
export type ChainWalletListQuery = z.infer<typeof chainWalletListQuery>;

export const walletSignerRecord = z.object({
  userId: z.number(),
  account: z.string(),
  userName: z.string(),
});
export type WalletSignerRecord = z.output<typeof walletSignerRecord>;

export const walletBalanceRecord = z.object({
  currencyId: z.number(),
  symbol: z.string(),
  amount: z.string(),
});

/** A chain wallet as the API returns it; balances are read-only decimal strings. */
export const chainWalletRecord = z.object({
  id: z.number(),
  chainId: z.number(),
  orgId: z.number(),
  orgName: z.string(),
  kind: z.string(),
  address: z.string(),
  label: z.string(),
  threshold: z.number().nullable(),
  signers: z.array(walletSignerRecord),
  balances: z.array(walletBalanceRecord),
  createdAt: isoInstant,
  updatedAt: isoInstant,
});
export type ChainWalletRecord = z.output<typeof chainWalletRecord>;
