import { randomUUID } from 'node:crypto';
import type { Transaction } from 'kysely';
import { formatUnits, parseUnits } from 'viem';
import type { Database } from '../../db/schema';
import type { Db } from '../../db/database';
import type { Caller } from '../../http/caller';
import type { ChainRegistry } from '../../chain/registry';
import type { Translate } from '../../http/messages';
import { ApiError } from '../../http/apiError';
import { holdCallerRole } from '../../http/callerRole';
import { sendingOnChain } from '../../chain/chainMoves';
import { feeWalletOf, gasQuote } from '../ledger/networkFee';
import { spendable } from '../ledger/post';
import { runOutflow } from '../outflow/runOutflow';
import { assertChainMoves, assertCurrencyMoves, assertOutflowCovered } from '../outflow/checks';
import { executeTransfer, lockExecutionWallets, simulatedTxHash } from '../outflow/execution';
import { recordIntents } from '../outflow/intentLog';
import { walletSendIntents } from '../outflow/walletIntents';

type Trx = Transaction<Database>;

/** One transfer a sweep makes: a gas top-up into an order address, or an order address's money into the hot wallet. */
export interface SweepTransfer {
  walletId: number;
  orgId: number;
  chainId: number;
  family: string;
  currencyId: number;
  symbol: string;
  amount: string;
  to: string;
  memo: string;
  createdBy: number;
}

/**
 * Records one of a sweep's transfers as a movement of kind `transfer` (docs/payments.md "Collecting
 * order payments"), by the rules every outflow follows: the chain and currency still move, the
 * wallets locked in id order, what the wallet holds (less what is on its way out) covering the
 * amount and its gas, read under the lock — so two sweeps of one address never both take its money.
 * On a chain that moves money its transaction is recorded in the intent log, to send once this
 * commits (docs/chains.md "The intent log"); on a simulated one the books move it at once.
 * A wallet that no longer holds it is a 400 on `amount`: nothing is written.
 */
export async function recordSweepTransfer(
  trx: Trx,
  transfer: SweepTransfer,
  send: { chains: ChainRegistry | null; leaseToken: string; now: Date },
): Promise<{ movementId: number; sending: boolean }> {
  await assertChainMoves(trx, transfer.chainId);
  await assertCurrencyMoves(trx, transfer.currencyId);
  const route = await lockExecutionWallets(trx, { walletId: transfer.walletId, chainId: transfer.chainId, toAddress: transfer.to });
  await assertOutflowCovered(trx, { id: transfer.walletId, chainId: transfer.chainId }, transfer.currencyId, transfer.amount);
  const outflow = { ...transfer, fee: '0' };
  const intents = await walletSendIntents(trx, send.chains, outflow, route, transfer.createdBy);
  const txHash = intents ? null : simulatedTxHash(transfer.family);
  const { id: movementId } = await trx
    .insertInto('movement')
    .values({
      orgId: transfer.orgId,
      chainId: transfer.chainId,
      walletId: transfer.walletId,
      kind: 'transfer',
      toAddress: transfer.to,
      currencyId: transfer.currencyId,
      symbol: transfer.symbol,
      amount: transfer.amount,
      fee: '0',
      memo: transfer.memo,
      orderId: null,
      proposalId: null,
      status: intents ? 'sending' : 'executed',
      txHash,
      createdBy: transfer.createdBy,
      createdAt: send.now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  if (intents) await recordIntents(trx, { movementId }, intents, { token: send.leaseToken, now: send.now });
  if (txHash)
    await executeTransfer(
      trx,
      { ...outflow, reason: 'movement', proposalId: null, movementId, gasReason: 'transfer' },
      route,
      txHash,
      send.now,
    );
  return { movementId, sending: intents !== null };
}

/** What sending one platform transfer needs: the database, the chains, the clock, the caller's words, and where a fault after the commit is told. */
export interface TransferContext {
  db: Db;
  chains: ChainRegistry | null;
  now: () => Date;
  t: Translate;
  onFault: (error: unknown) => void;
}

/** One transfer's fate: booked, still on its way (the resume books it), or why not in the caller's words. */
export type TransferOutcome = { state: 'collected' } | { state: 'sending' } | { state: 'failed'; reason: string };

/**
 * What the platform's gas wallet sends an order address so it can send `amount` of a currency: its
 * gas quote, and for the chain's own coin the amount too, less what the address holds of the coin.
 * Null: it holds enough. No platform gas wallet on the chain: a 409 (ApiError).
 */
export async function gasTopUp(
  db: Db,
  from: { walletId: number; chainId: number; currencyId: number; amount: string },
): Promise<Omit<SweepTransfer, 'to' | 'memo' | 'createdBy' | 'chainId' | 'family'> | null> {
  const gas = await gasQuote(db, from.chainId, from.currencyId);
  const native = await db.selectFrom('currency').select('decimals').where('id', '=', gas.currencyId).executeTakeFirstOrThrow();
  const held = (await spendable(db, from.walletId, [gas.currencyId])).get(gas.currencyId) ?? '0';
  const needed =
    parseUnits(gas.amount, native.decimals) + (gas.currencyId === from.currencyId ? parseUnits(from.amount, native.decimals) : 0n);
  const missing = needed - parseUnits(held, native.decimals);
  if (missing <= 0n) return null;
  const platformWalletId = await feeWalletOf(db, from.chainId);
  const platform = await db.selectFrom('chainWallet').select('orgId').where('id', '=', platformWalletId).executeTakeFirstOrThrow();
  return {
    walletId: platformWalletId,
    orgId: platform.orgId,
    currencyId: gas.currencyId,
    symbol: gas.symbol,
    amount: formatUnits(missing, native.decimals),
  };
}

/** What records a platform transfer in a transaction: its movement, and whether its chain transaction is still to send. */
export type RecordTransfer = (
  trx: Trx,
  send: { chains: ChainRegistry | null; leaseToken: string; now: Date },
) => Promise<{ movementId: number; sending: boolean }>;

/** Records one sweep transfer (its own transaction), then sends and books it: collected, still on its way, or why not. */
export async function sendTransfer(
  context: TransferContext,
  caller: Caller,
  transfer: SweepTransfer,
  movementIds: number[],
): Promise<TransferOutcome> {
  let recorded: RecordedTransfer;
  try {
    recorded = await recordInTransaction(context, caller, (trx, send) => recordSweepTransfer(trx, transfer, send));
  } catch (error) {
    if (error instanceof ApiError) return { state: 'failed', reason: reasonOf(context.t, error) };
    throw error;
  }
  movementIds.push(recorded.movementId);
  return finishTransfer(context, recorded);
}

export interface RecordedTransfer {
  movementId: number;
  sending: boolean;
  leaseToken: string;
}

/** Records a transfer in a transaction of its own that holds the caller's role; a refusal (ApiError) writes nothing. */
export async function recordInTransaction(context: TransferContext, caller: Caller, record: RecordTransfer): Promise<RecordedTransfer> {
  const leaseToken = randomUUID();
  const now = context.now();
  const recorded = await context.db.transaction().execute(async (trx) => {
    // The caller's role as it stands, in each transaction that moves money for them.
    await holdCallerRole(trx, caller);
    return record(trx, { chains: context.chains, leaseToken, now });
  });
  return { ...recorded, leaseToken };
}

/**
 * After the commit: sends a recorded transfer's chain transaction and books it (docs/chains.md "The
 * intent log"): collected, still on its way (a fault after the commit: the resume books it), or why not.
 */
export async function finishTransfer(context: TransferContext, recorded: RecordedTransfer): Promise<TransferOutcome> {
  if (!recorded.sending) return { state: 'collected' };
  sendingOnChain();
  const settled = await runOutflow(
    { db: context.db, chains: context.chains, now: context.now, leaseToken: recorded.leaseToken },
    { movementId: recorded.movementId },
  ).catch((error: unknown) => {
    context.onFault(error);
    return null;
  });
  if (!settled) return { state: 'sending' };
  return settled.failure ? { state: 'failed', reason: reasonOf(context.t, settled.failure) } : { state: 'collected' };
}

/** A refusal in the caller's words: its first refused field's message, else its own. */
export function reasonOf(t: Translate, error: ApiError): string {
  const [first] = Object.values(error.options.fields ?? {});
  return first ? t(first.key, first.params) : t(error.key, error.options.params);
}
