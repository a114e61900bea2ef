import { z } from 'zod';
import { PROPOSAL_KINDS, PROPOSAL_STATUSES, SIGN_ACTIONS, SIGNER_STATES } from '../contractKinds';
import { PROPOSAL_ACTIONS } from '../proposalMachine';
import { MAX_SIGNERS, signerSetIssues } from '../signerSet';
import { listQuery, queryBoolean, recordId, instant } from './listQuery';
import { checkMovementTarget, movementFields } from './movement';
import { MOVEMENT_KINDS } from '../movement';
import { walletSignerRecord } from './chainWallet';
import { evmSignature } from './signingKey';
import { isoInstant, listResult } from './response';
import { proposalPolicy } from './policyRecord';
import { typedDataWire } from '../typedDataWire';

const comment = z.string().trim().max(500).default('');

/**
 * Body of POST /sys/sign/start. A money kind carries what a movement of that kind carries
 * (and is one: the server records it through the same rules); `governance` carries the
 * wallet's new signers and threshold instead. The server checks the rest against the
 * wallet: its org and members, the currency's decimals, the address family, the balance.
 */
export const signStartBody = z
  .object({
    kind: z.enum(PROPOSAL_KINDS),
    ...movementFields,
    symbol: z.string().trim().max(16).default(''),
    amount: movementFields.amount.optional(),
    signers: z.array(z.number().int().positive()).max(MAX_SIGNERS).optional(),
    threshold: z.number().int({ error: 'validation.integer' }).min(1).max(MAX_SIGNERS).optional(),
  })
  .superRefine((body, ctx) => {
    if (body.kind === 'governance') {
      for (const issue of signerSetIssues(body.signers ?? [], body.threshold))
        ctx.addIssue({ code: 'custom', path: [issue.path], message: issue.message, params: issue.params });
      return;
    }
    if (body.signers !== undefined) ctx.addIssue({ code: 'custom', path: ['signers'], message: 'validation.onlyGovernance' });
    if (body.threshold !== undefined) ctx.addIssue({ code: 'custom', path: ['threshold'], message: 'validation.onlyGovernance' });
    if (!body.symbol) ctx.addIssue({ code: 'custom', path: ['symbol'], message: 'validation.required' });
    if (body.amount === undefined) ctx.addIssue({ code: 'custom', path: ['amount'], message: 'validation.required' });
    checkMovementTarget(body, ctx);
  });
export type SignStartBody = z.infer<typeof signStartBody>;

/** Body of POST /sys/sign/approval | confirm | deny. */
/**
 * `signature`: on a Safe, an approval carries the signer's EIP-712 signature of the proposal's Safe
 * transaction (the detail's `signing.typedData`); the server checks it is the caller's registered key.
 */
/** At most this many Safe nonces below its own an approval signs ahead (docs/chains.md "Nonce gaps"). */
export const MAX_LOWER_SIGNATURES = 64;

export const signActionBody = z.object({
  proposalId: recordId,
  comment,
  signature: evmSignature.optional(),
  /**
   * On a Safe: the same transaction signed at the Safe nonces below its own it may end up at (the
   * detail's `signing.lower`), by Safe nonce, so a proposal before it closing unexecuted costs no re-signing.
   */
  lowerSignatures: z
    .record(z.string().regex(/^\d{1,18}$/, { error: 'validation.invalidId' }), evmSignature)
    .refine((map) => Object.keys(map).length <= MAX_LOWER_SIGNATURES, { error: 'validation.tooMany' })
    .optional(),
});
export type SignActionBody = z.infer<typeof signActionBody>;

export const signDetailQuery = z.object({
  proposalId: z
    .string({ error: 'validation.required' })
    .regex(/^[1-9]\d{0,14}$/, { error: 'validation.invalidId' })
    .transform(Number),
});

/** `proposalId` is the record's own name for its id (the console's default sort field). */
export const signSortable = ['id', 'proposalId', 'nonce', 'status', 'kind', 'amount', 'createdAt', 'updatedAt'] as const;
export const signListQuery = listQuery(signSortable, {
  status: z.enum(PROPOSAL_STATUSES).optional(),
  /** open = pending or approved (the queue); closed = executed, denied or expired (history). */
  state: z.enum(['open', 'closed']).optional(),
  kind: z.enum(PROPOSAL_KINDS).optional(),
  walletId: z.coerce.number().int().positive().optional(),
  chainId: z.coerce.number().int().positive().optional(),
  dateFrom: instant.optional(),
  dateTo: instant.optional(),
  waitingForMe: queryBoolean.optional(),
});
export type SignListQuery = z.infer<typeof signListQuery>;

/**
 * GET /sys/sign/list/transferProposal: the money proposals of one movement kind (a movement
 * screen's "waiting proposals", docs/console.md "Sign log and waiting proposals"); `transfer`
 * when no kind is named, as the path says. A signer change is no movement: refused.
 */
export const movementProposalListQuery = signListQuery.extend({ kind: z.enum(MOVEMENT_KINDS).default('transfer') });

export const signLogListQuery = listQuery(['id', 'createdAt'] as const, {
  proposalId: z.coerce.number().int().positive().optional(),
  /** The proposals of one wallet, or of one chain. */
  walletId: z.coerce.number().int().positive().optional(),
  chainId: z.coerce.number().int().positive().optional(),
  actor: z.string().trim().max(64).optional(),
  action: z.enum(SIGN_ACTIONS).optional(),
  dateFrom: instant.optional(),
  dateTo: instant.optional(),
});
export type SignLogListQuery = z.infer<typeof signLogListQuery>;

export const signVoteRecord = z.object({
  signerId: z.number(),
  account: z.string(),
  userName: z.string(),
  time: isoInstant,
  comment: z.string(),
  /** On a Safe: the address the approval's signature recovers to (the signer's key); null elsewhere. */
  signerAddress: z.string().nullable(),
});
export type SignVoteRecord = z.output<typeof signVoteRecord>;

/** A Safe proposal's execution as the chain recorded it (docs/chains.md "The transaction view"). */
export const proposalChainExecution = z.object({
  blockNumber: z.string(),
  gasUsed: z.string(),
  /** In the chain's native coin, e.g. "0.000123". */
  fee: z.string(),
  feeSymbol: z.string(),
  /** The relayer that sent it, and the Safe it went to. */
  from: z.string(),
  to: z.string(),
  /** 'devnet': the embedded chain no public explorer sees, so the console shows the transaction itself. */
  network: z.enum(['devnet', 'rpc']),
});

export const proposalRecord = z.object({
  id: z.number(),
  proposalId: z.number(),
  walletId: z.number(),
  walletLabel: z.string(),
  walletKind: z.string(),
  walletAddress: z.string(),
  chainId: z.number(),
  orgId: z.number(),
  kind: z.string(),
  to: z.string(),
  /** '0' and '' for a governance proposal, which moves no funds. */
  amount: z.string(),
  symbol: z.string(),
  /** Charged on top of the amount when it executes (a withdraw's fee, fixed at start). */
  fee: z.string(),
  memo: z.string(),
  /** A refund's order. */
  orderNo: z.string().nullable(),
  nonce: z.number(),
  status: z.string(),
  /** The m of m-of-n, frozen when the proposal started. */
  threshold: z.number(),
  /** A governance proposal's new threshold and signer ids (null for money kinds). */
  newThreshold: z.number().nullable(),
  newSigners: z.array(z.number()).nullable(),
  /** The governance proposal whose execution superseded this one. */
  supersededBy: z.number().nullable(),
  /** Its nonce: with this one's wallet (the same), it names that proposal. */
  supersededByNonce: z.number().nullable(),
  approvalCount: z.number(),
  proposer: z.string(),
  txHash: z.string().nullable(),
  createdAt: isoInstant,
  updatedAt: isoInstant,
  expiresAt: isoInstant,
  executedAt: isoInstant.nullable(),
  /** Lowest open nonce of its wallet: the one to execute next. */
  isNext: z.boolean(),
  /** The lower open nonce that must be executed first, if any. */
  blockedByNonce: z.number().nullable(),
});
export type ProposalRecord = z.output<typeof proposalRecord>;
/** What the server hands the response schema (instants as Dates). */
export type ProposalRecordInput = z.input<typeof proposalRecord>;
export const proposalList = listResult(proposalRecord);

/** One sign log entry; `actor` is the account (null for the system's 'expire'). */
export const signLogRecord = z.object({
  id: z.number(),
  proposalId: z.number(),
  action: z.string(),
  actor: z.string().nullable(),
  actorName: z.string().nullable(),
  comment: z.string(),
  createdAt: isoInstant,
});
export type SignLogRecord = z.output<typeof signLogRecord>;
export type SignLogRecordInput = z.input<typeof signLogRecord>;

/** A sign log entry as the list across proposals gives it: with the proposal named by its wallet and nonce ("Aurora vault #3"). */
export const signLogListRecord = signLogRecord.extend({
  chainId: z.number(),
  walletId: z.number(),
  /** The proposal's kind (transfer, withdraw, … governance). */
  proposalKind: z.string(),
  walletLabel: z.string(),
  proposalNonce: z.number(),
});
export type SignLogListRecord = z.output<typeof signLogListRecord>;
export type SignLogListRecordInput = z.input<typeof signLogListRecord>;
export const signLogList = listResult(signLogListRecord);

export const proposalDetail = proposalRecord.extend({
  explorerUrl: z.string(),
  /** The chain's family: how its explorer names a transaction's page (src/resources/engine/explorer.ts). */
  family: z.enum(['evm', 'tron']),
  /** The org's policy rule that decided it (docs/DECISIONS.md "Transaction policy"), or null when none matched. */
  policy: proposalPolicy.nullable(),
  approvals: z.array(signVoteRecord),
  denials: z.array(signVoteRecord),
  /** The signer set frozen when the proposal started (who may approve, deny and confirm it), each with where they stand. */
  signers: z.array(z.object({ userId: z.number(), account: z.string(), userName: z.string(), state: z.enum(SIGNER_STATES) })),
  /** A governance proposal's new signer set, by name. */
  newSignerList: z.array(walletSignerRecord).nullable(),
  /** What the caller may press now. */
  myActions: z.array(z.enum(PROPOSAL_ACTIONS)),
  /** When the approval that reached the threshold was given (later approvals change nothing). */
  approvedAt: isoInstant.nullable(),
  /** Who executed it (the confirm's signer), account and name. */
  executedBy: z.string().nullable(),
  executedByName: z.string().nullable(),
  /** Its sign log, oldest first: who did what, when, with which comment. */
  log: z.array(signLogRecord),
  /**
   * On a Safe (docs/chains.md "Proposals on Safes"): the EIP-712 typed data a signer signs to approve
   * (numbers as decimal strings), the Safe transaction hash (what the ledger books an execution
   * under) and the Safe nonce it takes (the Safe's own count, as a decimal string; once executed,
   * the one it executed at); null on a wallet that is no Safe.
   */
  signing: z
    .object({
      safeTxHash: z.string(),
      safeNonce: z.string(),
      typedData: typedDataWire,
      lower: z.array(z.object({ safeNonce: z.string(), typedData: typedDataWire })),
    })
    .nullable(),
  /** On a Safe, once executed: the block, gas and fee of its transaction; null otherwise. */
  chainExecution: proposalChainExecution.nullable(),
});
export type ProposalDetail = z.output<typeof proposalDetail>;
export type ProposalDetailInput = z.input<typeof proposalDetail>;

/** The answer of POST /sys/sign/start: the new proposal, named by its wallet and nonce. */
export const startedProposal = z.object({
  proposalId: z.number(),
  /** With the nonce, the proposal's public name (src/contract/proposalReference.ts). */
  walletLabel: z.string(),
  nonce: z.number(),
  status: z.enum(PROPOSAL_STATUSES),
  /** On a Safe, a proposer who is one of its signers has not approved by starting: it waits for their signature (the console says so). */
  awaitsYourSignature: z.boolean(),
});
export type StartedProposal = z.output<typeof startedProposal>;
