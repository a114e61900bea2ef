import type { Selectable, Transaction } from 'kysely';
import { getAddress } from 'viem';
import type { Db } from '../../db/database';
import type { ChainExecution, ChainIntentTable, Database } from '../../db/schema';
import { ApiError } from '../../http/apiError';
import { BodyCode } from '../../../src/contract/envelope';
import type { GasReason } from '../../../src/contract/report';
import { gasPaidOnChain } from '../ledger/networkFee';
import { chargeGas, executeTransfer, lockExecutionWallets, reportRelayedGas } from './execution';
import { executeGovernance } from './governance';
import { signingOf } from './safeProposal';
import type { OutflowOwner } from './intentLog';
import { withRetry } from '../../db/retryable';
import { proposalMoved } from './proposalNotice';

type Trx = Transaction<Database>;
type Intent = Selectable<ChainIntentTable>;

/** How an outflow ended: its first transaction's fate, and the refusal to answer when nothing moved. */
export interface SettledOutflow<T = unknown> {
  state: 'mined' | 'reverted' | 'refused';
  txHash: string | null;
  /** Null when the money moved. */
  failure: ApiError | null;
  /** The caller's answer, read in the transaction that booked it (never by a second read that could fail). */
  answer?: T;
}

/** What the books say of an outflow, before the caller's answer is read. */
type Booked = Omit<SettledOutflow<never>, 'answer'>;

/** Reads the caller's answer inside the booking's transaction. */
export type AnswerReader<T> = (trx: Trx) => Promise<T>;

/** The gas report's reason for a direct movement: a withdrawal, or any other transfer out. */
export const directGasReason = (kind: string): GasReason => (kind === 'withdraw' ? 'withdraw' : 'transfer');

/**
 * Books what the chain did with an outflow's transactions (docs/ledger.md "Record before sending"),
 * in one transaction: the wallets locked as any execution locks them, the intents marked settled
 * (their holds released) and, by the first transaction's fate:
 * - mined: the amount, the fee when its own transaction went too (else none: the amount has left
 *   all the same), every gas the wallet paid or the relayer's gas in the report; the movement or
 *   proposal executed under the chain's hash;
 * - reverted: only its gas; the movement failed, the proposal still approved;
 * - refused (nothing was sent): nothing; the movement failed, the proposal still approved.
 * Settled once: a second settle (another instance, a resume) finds nothing unsettled and answers
 * what the first one booked.
 */
export function settleOutflow<T>(db: Db, owner: OutflowOwner, now: Date, answer?: AnswerReader<T>): Promise<SettledOutflow<T>> {
  // A database abort (deadlock, serialization) runs the booking again: it reads everything afresh and sends nothing.
  return withRetry(() =>
    db.transaction().execute(async (trx): Promise<SettledOutflow<T>> => {
      const settled = await book(trx, owner, now);
      return settled.failure || !answer ? settled : { ...settled, answer: await answer(trx) };
    }),
  );
}

async function book(trx: Trx, owner: OutflowOwner, now: Date): Promise<Booked> {
  const source = owner.movementId !== undefined ? await movementSource(trx, owner.movementId) : await proposalSource(trx, owner.proposalId);
  const route = await lockExecutionWallets(trx, {
    walletId: source.walletId,
    chainId: source.chainId,
    toAddress: source.toAddress,
    fee: source.fee,
  });
  if (owner.proposalId !== undefined)
    await trx.selectFrom('proposal').select('id').where('id', '=', owner.proposalId).forUpdate().execute();
  let query = trx.selectFrom('chainIntent').selectAll().where('settledAt', 'is', null);
  query =
    owner.movementId !== undefined ? query.where('movementId', '=', owner.movementId) : query.where('proposalId', '=', owner.proposalId!);
  const intents: Intent[] = await query.orderBy('step').forUpdate().execute();
  const first = intents[0];
  if (!first) return settledBefore(trx, owner);
  if (intents.some((i) => i.state === 'recorded' || i.state === 'signed'))
    throw new Error(`outflow ${JSON.stringify(owner)}: a transaction is still on its way`);
  await trx
    .updateTable('chainIntent')
    .set({ settledAt: now, leaseUntil: null, updatedAt: now })
    .where(
      'id',
      'in',
      intents.map((i) => i.id),
    )
    .execute();

  const state = first.state as SettledOutflow['state'];
  const feeStep = intents.find((i) => i.step === 2);
  const paid = intents.reduce((sum, i) => sum + BigInt(i.outcome?.fee ?? '0'), 0n);
  const gas = await gasPaidOnChain(trx, source.chainId, paid);
  const relayed = first.request.kind === 'safe';
  const spend = { walletId: source.walletId, orgId: source.orgId, chainId: source.chainId, at: now, txHash: first.txHash ?? '' };

  if (state !== 'mined') {
    if (state === 'reverted') {
      // The chain took the gas and moved nothing: the wallet's (or, on a Safe, the relayer's) gas is all that is booked.
      if (relayed)
        await reportRelayedGas(trx, { ...spend, reason: 'proposal', proposalId: owner.proposalId ?? null, movementId: null }, gas);
      else await chargeGas(trx, { ...spend, reason: source.gasReason, proposalId: null, movementId: null }, gas);
    }
    if (owner.movementId !== undefined)
      await trx.updateTable('movement').set({ status: 'failed' }).where('id', '=', owner.movementId).execute();
    return { state, txHash: first.txHash, failure: failureOf(first) };
  }

  const feeCollected = feeStep ? feeStep.state === 'mined' : true;
  const fee = feeCollected ? source.fee : '0';
  if (owner.movementId !== undefined) {
    await executeTransfer(
      trx,
      { ...source, currencyId: source.currencyId!, fee, reason: 'movement', proposalId: null, movementId: owner.movementId },
      feeCollected ? route : { ...route, feeWalletId: null },
      first.txHash!,
      now,
      { paidGas: gas },
    );
    await trx.updateTable('movement').set({ status: 'executed', txHash: first.txHash, fee }).where('id', '=', owner.movementId).execute();
    return { state, txHash: first.txHash, failure: null };
  }

  const proposal = await trx.selectFrom('proposal').selectAll().where('id', '=', owner.proposalId!).executeTakeFirstOrThrow();
  // A Safe's books carry its Safe transaction hash (docs/chains.md "Proposals on Safes"); the proposal, the chain's.
  const booksHash = first.request.kind === 'safe' ? signingOf(first.request.safeTx).safeTxHash : first.txHash!;
  if (proposal.kind === 'governance') {
    // The chain changed the owners: the books follow it, whoever has left the org since the confirm.
    await executeGovernance(trx, proposal, now, first.request.kind === 'safe' ? first.request.safeTx : null, { followChain: true });
  } else {
    await executeTransfer(
      trx,
      { ...source, currencyId: source.currencyId!, fee, reason: 'proposal', proposalId: proposal.id, movementId: null },
      feeCollected ? route : { ...route, feeWalletId: null },
      booksHash,
      now,
      relayed ? { relayed: true, chainTxHash: first.txHash! } : { paidGas: gas },
    );
  }
  if (relayed) await reportRelayedGas(trx, { ...spend, reason: 'proposal', proposalId: proposal.id, movementId: null }, gas);
  else if (proposal.kind === 'governance')
    await chargeGas(trx, { ...spend, reason: 'proposal', proposalId: proposal.id, movementId: null }, gas);
  const chainExecution: ChainExecution | null =
    relayed && first.request.kind === 'safe'
      ? {
          blockNumber: first.outcome?.blockNumber ?? '0',
          gasUsed: first.outcome?.gasUsed ?? '0',
          fee: first.outcome?.fee ?? '0',
          from: getAddress(first.outcome?.from ?? first.sender ?? ''),
          to: getAddress(first.request.safe),
          network: first.request.network,
        }
      : null;
  await trx
    .updateTable('proposal')
    .set({ status: 'executed', txHash: first.txHash, executedAt: now, updatedAt: now, chainExecution, fee })
    .where('id', '=', proposal.id)
    .execute();
  // The movement that started it, if any, says the same as the proposal.
  if (!feeCollected) await trx.updateTable('movement').set({ fee: '0' }).where('proposalId', '=', proposal.id).execute();
  await trx
    .insertInto('signLog')
    .values({ proposalId: proposal.id, action: 'confirm', actorId: first.requestedBy, comment: first.comment, createdAt: now })
    .execute();
  await proposalMoved(trx, proposal.id, now);
  return { state, txHash: first.txHash, failure: null };
}

/** The refusal a request answers when nothing moved: why the chain did not take it, or that it was mined and failed. */
function failureOf(first: Intent): ApiError {
  const refusal = first.outcome?.refusal;
  if (first.state === 'refused' && refusal) return new ApiError(BodyCode.conflict, refusal.key, { params: refusal.params });
  const key = first.request.kind === 'safe' ? 'api.safeReverted' : 'api.walletSendReverted';
  return new ApiError(BodyCode.conflict, key, { params: { txHash: first.txHash ?? '' } });
}

/** Settled by someone else first: what they booked. */
async function settledBefore(trx: Trx, owner: OutflowOwner): Promise<Booked> {
  let query = trx.selectFrom('chainIntent').selectAll().where('step', '=', 1);
  query =
    owner.movementId !== undefined ? query.where('movementId', '=', owner.movementId) : query.where('proposalId', '=', owner.proposalId!);
  const last: Intent = await query.orderBy('id', 'desc').executeTakeFirstOrThrow();
  const state = last.state as SettledOutflow['state'];
  return { state, txHash: last.txHash, failure: state === 'mined' ? null : failureOf(last) };
}

interface Source {
  walletId: number;
  orgId: number;
  chainId: number;
  currencyId: number | null;
  amount: string;
  fee: string;
  symbol: string;
  toAddress: string;
  gasReason: GasReason;
}

async function movementSource(trx: Trx, movementId: number): Promise<Source> {
  const m = await trx
    .selectFrom('movement')
    .select(['walletId', 'orgId', 'chainId', 'currencyId', 'amount', 'fee', 'symbol', 'toAddress', 'kind'])
    .where('id', '=', movementId)
    .executeTakeFirstOrThrow();
  return { ...m, gasReason: directGasReason(m.kind) };
}

async function proposalSource(trx: Trx, proposalId: number): Promise<Source> {
  const p = await trx
    .selectFrom('proposal')
    .select(['walletId', 'orgId', 'chainId', 'currencyId', 'amount', 'fee', 'symbol', 'toAddress'])
    .where('id', '=', proposalId)
    .executeTakeFirstOrThrow();
  return { ...p, gasReason: 'proposal' };
}
