import { randomUUID } from 'node:crypto';
import type { Transaction } from 'kysely';
import type { Db } from '../../db/database';
import type { Database, IntentRequest } from '../../db/schema';
import { ApiError, conflict } from '../../http/apiError';
import { orgVisibleTo } from '../../http/tenancy';
import type { Caller } from '../../http/caller';
import type { ProposalStatus } from '../../../src/contract/contractKinds';
import { MOVEMENT_KINDS } from '../../../src/contract/movement';
import { decide, OPEN_STATUSES, type ProposalAction, type Refusal } from '../../../src/contract/proposalMachine';
import { proposalReference } from '../../../src/contract/proposalReference';
import type { ProposalDetailInput, SignActionBody, SignStartBody } from '../../../src/contract/schemas/sign';
import { recordMovement } from '../outflow/record';
import { recheckAtExecution } from '../outflow/rules';
import { chargeGas, executeTransfer, lockExecutionWallets, simulatedTxHash, type ExecutionRoute } from '../outflow/execution';
import { gasQuote } from '../ledger/networkFee';
import { formatUnits, parseUnits } from 'viem';
import { recordIntents, type NewIntent } from '../outflow/intentLog';
import { debit, shortfalls } from '../ledger/post';
import { walletSendIntents } from '../outflow/walletIntents';
import { sendRecorded } from '../outflow/sendRecorded';
import type { ChainRegistry } from '../../chain/registry';
import { assertChainMoves, assertCurrencyMoves } from '../outflow/checks';
import { assertGovernanceApplies, executeGovernance, startGovernance } from '../outflow/governance';
import type { StartedProposal } from '../outflow/proposalStart';
import { checkedApprovalSignature, prepareSafeExecution, type PreparedSafeExecution, type SafeStates } from '../outflow/safeProposal';
import { expireOverdue } from '../outflow/expiry';
import { proposalDetail, proposalNotFound } from './queries';
import { recheckPolicyAtConfirm } from '../policy/enforce';
import { proposalMoved, proposalWaits } from '../outflow/proposalNotice';

type Trx = Transaction<Database>;
type StoredProposal = Awaited<ReturnType<typeof lockedFacts>>['proposal'];

const refusalError = (refusal: Refusal) => new ApiError(refusal.code, refusal.key, { params: refusal.params });

/** "… must be executed first" names the waiting proposal as every screen does: its wallet and nonce. */
async function namingWaitingProposal(trx: Trx, walletId: number, refusal: Refusal): Promise<Refusal> {
  if (refusal.key !== 'api.nonceFirst') return refusal;
  const wallet = await trx.selectFrom('chainWallet').select('label').where('id', '=', walletId).executeTakeFirstOrThrow();
  return {
    ...refusal,
    params: { ...refusal.params, proposal: proposalReference({ walletLabel: wallet.label, nonce: Number(refusal.params?.nonce) }) },
  };
}

/**
 * POST /sys/sign/start. A money kind is a movement of that kind out of a multisig wallet,
 * recorded through the movement's own rules (who, which wallet, destination, fee, refund):
 * one rule set per kind, whichever door it comes through. `governance` changes the
 * wallet's signers and threshold.
 */
export async function startProposal(
  db: Db,
  caller: Caller,
  body: SignStartBody,
  now: Date,
  ttlHours: number,
  safes: SafeStates,
): Promise<StartedProposal> {
  return db.transaction().execute(async (trx) => {
    if (body.kind === 'governance') {
      return startGovernance(
        trx,
        caller,
        { walletId: body.walletId, signers: body.signers ?? [], threshold: body.threshold ?? 0, memo: body.memo },
        now,
        ttlHours,
        safes,
      );
    }
    const { proposal } = await recordMovement(
      trx,
      caller,
      { ...body, kind: body.kind, amount: body.amount ?? '' },
      now,
      ttlHours,
      'proposal',
      safes,
    );
    return proposal!;
  });
}

/**
 * The proposal as it is now, read after its row lock is held (each statement sees what
 * committed before it). Who may act is the signer set frozen at start, and only while
 * still a member of the wallet's org.
 */
/** An execution of this proposal recorded and not yet booked. */
async function executionUnderWay(trx: Trx, proposalId: number): Promise<boolean> {
  return (
    (await trx
      .selectFrom('chainIntent')
      .select('id')
      .where('proposalId', '=', proposalId)
      .where('settledAt', 'is', null)
      .executeTakeFirst()) !== undefined
  );
}

async function lockedFacts(trx: Trx, caller: Caller, proposalId: number, now: Date) {
  const proposal = await trx.selectFrom('proposal').selectAll().where('id', '=', proposalId).executeTakeFirstOrThrow();
  const votes = await trx.selectFrom('proposalVote').select(['signerId', 'vote']).where('proposalId', '=', proposalId).execute();
  const signer = await trx
    .selectFrom('proposalSigner')
    .innerJoin('membership', (join) =>
      join.onRef('membership.userId', '=', 'proposalSigner.userId').on('membership.orgId', '=', proposal.orgId),
    )
    .select('proposalSigner.userId')
    .where('proposalSigner.proposalId', '=', proposalId)
    .where('proposalSigner.userId', '=', caller.userId)
    .executeTakeFirst();
  const lower = await trx
    .selectFrom('proposal')
    .select((eb) => eb.fn.min('nonce').as('nonce'))
    .where('walletId', '=', proposal.walletId)
    .where('nonce', '<', proposal.nonce)
    .where('status', 'in', OPEN_STATUSES)
    .where('expiresAt', '>', now)
    .executeTakeFirst();
  const mine = (vote: 'approve' | 'deny') => votes.some((v) => v.signerId === caller.userId && v.vote === vote);
  return {
    proposal,
    facts: {
      status: proposal.status as ProposalStatus,
      expired: proposal.expiresAt.getTime() <= now.getTime(),
      isSigner: Boolean(signer),
      hasApproved: mine('approve'),
      hasDenied: mine('deny'),
      approvals: votes.filter((v) => v.vote === 'approve').length,
      threshold: proposal.threshold,
      lowerOpenNonce: lower?.nonce ?? null,
    },
  };
}

/** An execution booked at once (the books are the chain: simulated), or chain transactions to record and send after the commit. */
type Executed = { booked: { txHash: string } } | { intents: NewIntent[] };

/**
 * Executes an approved proposal inside the confirm's transaction (wallets and proposal locked): the
 * kind's rules once more on what is true now (chain and currency enabled, destination, refund
 * room, a governance change's signers still members), then the effect. Where a chain moves the
 * money (a Safe through its contract: docs/chains.md "Proposals on Safes"; a hot or cold wallet by
 * its key) the effect is a chain transaction recorded in the intent log, sent and booked once this
 * commits (docs/chains.md "The intent log"). Elsewhere the chain is simulated and the books move now.
 */
async function execute(
  trx: Trx,
  proposal: StoredProposal,
  route: ExecutionRoute,
  now: Date,
  chains: ChainRegistry | null,
  confirmerId: number,
): Promise<Executed> {
  const chain = await assertChainMoves(trx, proposal.chainId);
  if (proposal.safeTx && !chains) throw conflict('api.chainUnavailable');
  // On a Safe, which transaction executes (at the nonce the Safe is at) is settled before anything is recorded.
  const prepared =
    proposal.safeTx && chains
      ? await prepareSafeExecution(trx, chains, { id: proposal.id, chainId: proposal.chainId, safeTx: proposal.safeTx })
      : null;
  const base = {
    chainId: proposal.chainId,
    orgId: proposal.orgId,
    walletId: proposal.walletId,
    step: 1 as const,
    requestedBy: confirmerId,
  };
  if (proposal.kind === 'governance') {
    if (prepared) {
      await assertGovernanceApplies(trx, proposal);
      return { intents: [{ ...base, request: safeRequestOf(prepared), hold: null }] };
    }
    await executeGovernance(trx, proposal, now, null);
    const booksHash = simulatedTxHash(chain.family);
    // A signer change is a transaction of the wallet's contract: it pays its gas too.
    await chargeGas(
      trx,
      {
        walletId: proposal.walletId,
        orgId: proposal.orgId,
        chainId: proposal.chainId,
        reason: 'proposal',
        proposalId: proposal.id,
        movementId: null,
        at: now,
        txHash: booksHash,
      },
      await gasQuote(trx, proposal.chainId, null),
    );
    return { booked: { txHash: booksHash } };
  }
  // Old kinds ('contract', 'config') were labels that moved funds; they are no longer executed.
  if (!(MOVEMENT_KINDS as readonly string[]).includes(proposal.kind) || proposal.currencyId === null)
    throw conflict('api.proposalKindRetired');
  await assertCurrencyMoves(trx, proposal.currencyId);
  await recheckAtExecution(trx, proposal);
  // The wallet still holds it, less what outflows on their way already hold: checked before anything is recorded or sent.
  const [short] = await shortfalls(trx, [
    { walletId: proposal.walletId, currencyId: proposal.currencyId, delta: debit(proposal.amount) },
    { walletId: proposal.walletId, currencyId: proposal.currencyId, delta: debit(proposal.fee) },
  ]);
  if (short) throw conflict('api.insufficientBalanceNow', { symbol: short.symbol });
  if (prepared)
    return {
      intents: [
        {
          ...base,
          request: safeRequestOf(prepared),
          hold: { currencyId: proposal.currencyId, amount: await sumInCurrency(trx, proposal.currencyId, proposal.amount, proposal.fee) },
        },
      ],
    };
  // Not a Safe: a hot or cold wallet whose policy asked for approvals sends it itself (outflow/walletIntents.ts).
  const outflow = {
    walletId: proposal.walletId,
    orgId: proposal.orgId,
    chainId: proposal.chainId,
    currencyId: proposal.currencyId,
    amount: proposal.amount,
    fee: proposal.fee,
    to: proposal.toAddress,
  };
  const intents = await walletSendIntents(trx, chains, outflow, route, confirmerId);
  if (intents) return { intents };
  const booksHash = simulatedTxHash(chain.family);
  await executeTransfer(
    trx,
    { ...outflow, symbol: proposal.symbol, reason: 'proposal', proposalId: proposal.id, movementId: null, gasReason: 'proposal' },
    route,
    booksHash,
    now,
  );
  return { booked: { txHash: booksHash } };
}

/** The Safe's execution as the intent log keeps it: what the relayer sends, and the approvals' signatures. */
function safeRequestOf(prepared: PreparedSafeExecution): IntentRequest {
  return {
    kind: 'safe',
    safe: prepared.safeTx.safe,
    safeTx: prepared.safeTx,
    signatures: prepared.signatures,
    network: prepared.adapter.mode === 'devnet' ? 'devnet' : 'rpc',
  };
}

/** `a + b` of a currency, in its decimals. */
async function sumInCurrency(trx: Trx, currencyId: number, a: string, b: string): Promise<string> {
  const { decimals } = await trx.selectFrom('currency').select('decimals').where('id', '=', currencyId).executeTakeFirstOrThrow();
  return formatUnits(parseUnits(a, decimals) + parseUnits(b, decimals), decimals);
}

/**
 * POST /sys/sign/approval | deny | confirm, exactly once under concurrency: one
 * transaction that locks the proposal row — for confirm first the wallet row(s), so
 * nonce order, balance and governance changes of a wallet serialise — then re-reads the
 * state, applies the pure machine and writes vote, status, execution and log together.
 * Lock order is always wallets (ascending id) then proposal, so no two actions wait
 * on each other in a circle.
 */
export async function actOnProposal(
  db: Db,
  caller: Caller,
  action: ProposalAction,
  body: SignActionBody,
  now: Date,
  chains: ChainRegistry | null = null,
  onFault: (error: unknown) => void = () => undefined,
): Promise<ProposalDetailInput> {
  const leaseToken = randomUUID();
  // A refusal whose cause is kept (an expiry, a threshold the policy raised): committed, then sent.
  // The answer is read inside the transaction that wrote it (docs/DECISIONS.md "Idempotency and honest answers").
  const committed = await db
    .transaction()
    .execute(async (trx): Promise<{ refusal: Refusal } | { detail: ProposalDetailInput } | { sending: true }> => {
      const target = await trx
        .selectFrom('proposal')
        .select(['id', 'walletId', 'chainId', 'toAddress', 'fee'])
        .where('id', '=', body.proposalId)
        .where(orgVisibleTo(caller, 'proposal.org_id'))
        .executeTakeFirst();
      if (!target) throw proposalNotFound();
      const route: ExecutionRoute =
        action === 'confirm' ? await lockExecutionWallets(trx, target) : { destinationId: null, feeWalletId: null };
      await trx.selectFrom('proposal').select('id').where('id', '=', target.id).forUpdate().execute();

      const { proposal, facts } = await lockedFacts(trx, caller, target.id, now);
      // Its execution is on its way to the chain (docs/chains.md "The intent log"): nothing else acts on it until it is booked.
      if (await executionUnderWay(trx, proposal.id)) throw conflict('api.proposalExecuting');
      const outcome = decide(action, facts);
      if (!outcome.ok) {
        if (!outcome.expire) throw refusalError(await namingWaitingProposal(trx, proposal.walletId, outcome.refusal));
        // Overdue: marked expired (with its log entry) and committed, then refused.
        await expireOverdue(trx, now, proposal.id);
        return { refusal: outcome.refusal };
      }

      if (action === 'confirm') {
        const raised = await recheckPolicyAtConfirm(trx, proposal, facts.approvals, now);
        if (raised) {
          // Back to pending under the raised threshold: its signers are asked again.
          await proposalWaits(trx, proposal.id, now);
          return { refusal: raised };
        }
      }

      if (outcome.vote) {
        const signed =
          outcome.vote === 'approve'
            ? await checkedApprovalSignature(trx, proposal, caller.userId, body.signature, body.lowerSignatures)
            : null;
        const cast = await trx
          .insertInto('proposalVote')
          .values({
            proposalId: proposal.id,
            signerId: caller.userId,
            vote: outcome.vote,
            comment: body.comment,
            createdAt: now,
            signature: signed?.signature ?? null,
            lowerSignatures: signed?.lowerSignatures ?? null,
            signerAddress: signed?.signerAddress ?? null,
          })
          .onConflict((oc) => oc.doNothing())
          .returning('signerId')
          .executeTakeFirst();
        // Unreachable while the row lock holds; the primary key is the last word on "one vote per signer".
        if (!cast) throw refusalError({ code: 409, key: outcome.vote === 'approve' ? 'api.alreadyApproved' : 'api.alreadyDenied' });
      }
      const executed = action === 'confirm' ? await execute(trx, proposal, route, now, chains, caller.userId) : null;
      if (executed && 'intents' in executed) {
        // Recorded now, sent and booked (status, log) once this commits.
        await recordIntents(trx, { proposalId: proposal.id }, executed.intents, { token: leaseToken, now, comment: body.comment });
        return { sending: true };
      }
      const updated = await trx
        .updateTable('proposal')
        .set({ status: outcome.status, updatedAt: now, ...(executed ? { txHash: executed.booked.txHash, executedAt: now } : {}) })
        .where('id', '=', proposal.id)
        .where('status', '=', facts.status)
        .executeTakeFirst();
      // Same: the status we decided on must still be the stored one, or nothing is written.
      if (Number(updated.numUpdatedRows) !== 1) throw refusalError({ code: 409, key: 'api.conflict' });
      await trx
        .insertInto('signLog')
        .values({ proposalId: proposal.id, action, actorId: caller.userId, comment: body.comment, createdAt: now })
        .execute();
      await proposalMoved(trx, proposal.id, now);
      return { detail: await proposalDetail(trx, caller, body.proposalId, now) };
    });
  if ('refusal' in committed) throw refusalError(committed.refusal);
  if ('detail' in committed) return committed.detail;
  return sendRecorded({ db, chains, now: () => now, onFault, leaseToken }, { proposalId: body.proposalId }, (reader) =>
    proposalDetail(reader, caller, body.proposalId, now),
  );
}
