import { z } from 'zod';
import { PROPOSAL_KINDS, PROPOSAL_STATUSES, SIGN_ACTIONS, type SignerState } from '../contractKinds';
import { amountProblem } from '../money';
import type { ProposalAction } from '../proposalMachine';
import { listQuery, queryBoolean, recordId } from './listQuery';

const comment = z.string().trim().max(500).default('');

/**
 * Body of POST /sys/sign/start. The form checks the shapes; the server checks them
 * again against the wallet's chain: the currency's decimals, the address family, the balance.
 */
export const signStartBody = z.object({
  walletId: recordId,
  kind: z.enum(PROPOSAL_KINDS),
  to: z.string().trim().min(1, { error: 'validation.required' }).max(64),
  amount: z
    .string({ error: 'validation.amountString' })
    .trim()
    .min(1, { error: 'validation.required' })
    .refine((value) => amountProblem(value, { decimals: Number.MAX_SAFE_INTEGER }) === null, { error: 'validation.amount' }),
  symbol: z.string().trim().min(1, { error: 'validation.required' }).max(16),
  memo: z.string().trim().max(500).default(''),
});
export type SignStartBody = z.infer<typeof signStartBody>;

/** Body of POST /sys/sign/approval | confirm | deny. */
export const signActionBody = z.object({ proposalId: recordId, comment });
export type SignActionBody = z.infer<typeof signActionBody>;

export const signDetailQuery = z.object({
  proposalId: z.string({ error: 'validation.required' }).regex(/^[1-9]\d{0,14}$/, { error: 'validation.invalidId' }).transform(Number),
});

const isoDate = z.string().trim().refine((v) => !Number.isNaN(Date.parse(v)), { error: 'validation.date' });

/** `proposalId` is the record's own name for its id (the console's default sort field). */
export const signSortable = ['id', 'proposalId', 'nonce', 'status', 'kind', 'amount', 'createdAt', 'updatedAt'] as const;
export const signListQuery = listQuery(signSortable, {
  status: z.enum(PROPOSAL_STATUSES).optional(),
  /** open = pending or approved (the queue); closed = executed, denied or expired (history). */
  state: z.enum(['open', 'closed']).optional(),
  kind: z.enum(PROPOSAL_KINDS).optional(),
  walletId: z.coerce.number().int().positive().optional(),
  chainId: z.coerce.number().int().positive().optional(),
  dateFrom: isoDate.optional(),
  dateTo: isoDate.optional(),
  waitingForMe: queryBoolean.optional(),
});
export type SignListQuery = z.infer<typeof signListQuery>;

export const signLogListQuery = listQuery(['id', 'createdAt'] as const, {
  proposalId: z.coerce.number().int().positive().optional(),
  actor: z.string().trim().max(64).optional(),
  action: z.enum(SIGN_ACTIONS).optional(),
  dateFrom: isoDate.optional(),
  dateTo: isoDate.optional(),
});
export type SignLogListQuery = z.infer<typeof signLogListQuery>;

export interface SignVoteRecord {
  signerId: number;
  account: string;
  userName: string;
  time: string;
  comment: string;
}

export interface ProposalRecord {
  id: number;
  proposalId: number;
  walletId: number;
  walletLabel: string;
  walletKind: string;
  walletAddress: string;
  chainId: number;
  orgId: number;
  kind: string;
  to: string;
  amount: string;
  symbol: string;
  memo: string;
  nonce: number;
  status: string;
  threshold: number;
  approvalCount: number;
  proposer: string;
  txHash: string | null;
  createdAt: string;
  updatedAt: string;
  expiresAt: string;
  executedAt: string | null;
  /** Lowest open nonce of its wallet: the one to execute next. */
  isNext: boolean;
  /** The lower open nonce that must be executed first, if any. */
  blockedByNonce: number | null;
}

export interface ProposalDetail extends ProposalRecord {
  explorerUrl: string;
  approvals: SignVoteRecord[];
  denials: SignVoteRecord[];
  signers: Array<{ userId: number; account: string; userName: string; state: SignerState }>;
  /** What the caller may press now. */
  myActions: ProposalAction[];
}

/** One sign log entry; `actor` is the account (null for the system's 'expire'). */
export interface SignLogRecord {
  id: number;
  proposalId: number;
  action: string;
  actor: string | null;
  actorName: string | null;
  comment: string;
  createdAt: string;
}
