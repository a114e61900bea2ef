import { randomBytes } from 'node:crypto';
import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema';
import type { GasReason } from '../../../src/contract/report';
import { debit, positive, postEntries, type Posting } from '../ledger/post';
import { feeWalletOf, gasQuote, type GasQuote } from '../ledger/networkFee';
import { announceOutflowExecuted } from './announce';

type Trx = Transaction<Database>;

/** A well-formed transaction hash for the chain family (the reference server simulates the chain): 0x + 64 hex on EVM, 64 hex on TRON. */
export const simulatedTxHash = (family: string) =>
  family === 'evm' ? `0x${randomBytes(32).toString('hex')}` : randomBytes(32).toString('hex');

export interface ExecutionTarget {
  walletId: number;
  chainId: number;
  toAddress: string;
  /** A withdrawal's fee: above zero, the platform's fee wallet is credited and locked too. */
  fee?: string;
}

/** The wallets an execution writes to besides its source. */
export interface ExecutionRoute {
  /** `to` when it is one of our wallets on the chain. */
  destinationId: number | null;
  /** The platform's fee wallet, when there is a fee. */
  feeWalletId: number | null;
}

/**
 * Locks the wallets an execution touches, before the proposal row: the source wallet
 * (so confirms of one wallet, their nonce checks and balance changes run one at a
 * time) and, when `to` is one of our wallets on the same chain, the destination too, and
 * the fee wallet a fee is credited to. Always in ascending id order: two executions moving
 * funds between the same wallets in opposite directions then queue instead of deadlocking
 * (the ledger and balance rows' foreign keys lock the wallets they write to as well).
 */
export async function lockExecutionWallets(trx: Trx, target: ExecutionTarget): Promise<ExecutionRoute> {
  // Addresses are stored in canonical form (EIP-55, base58check), as is the proposal's `to`.
  const destination = await trx
    .selectFrom('chainWallet')
    .select('id')
    .where('chainId', '=', target.chainId)
    .where('address', '=', target.toAddress)
    .executeTakeFirst();
  const feeWalletId = target.fee !== undefined && positive(target.fee) ? await feeWalletOf(trx, target.chainId) : null;
  const ids = [...new Set([target.walletId, destination?.id ?? target.walletId, feeWalletId ?? target.walletId])].sort((a, b) => a - b);
  for (const id of ids) await trx.selectFrom('chainWallet').select('id').where('id', '=', id).forUpdate().execute();
  return { destinationId: destination?.id ?? null, feeWalletId };
}

/** Money to move out of a wallet: a proposal's, or a direct movement's (which may carry a fee). */
export interface Outflow {
  walletId: number;
  orgId: number;
  chainId: number;
  currencyId: number;
  amount: string;
  /** Debited on top of the amount (a withdraw's fee) and credited to the platform's fee wallet. */
  fee?: string;
  symbol: string;
  /** Ledger reason: 'proposal' or 'movement'. */
  reason: 'proposal' | 'movement';
  proposalId: number | null;
  movementId: number | null;
  /** The gas report's reason for the network fee. */
  gasReason: GasReason;
}

/** Who paid one execution's gas and why: the ledger entry and the gas report's row share it. */
export interface GasSpend {
  walletId: number;
  orgId: number;
  chainId: number;
  reason: GasReason;
  proposalId: number | null;
  movementId: number | null;
  txHash: string;
  at: Date;
}

/** The gas of one execution: debited in the native coin and written to the gas report, with the same cause. */
export async function chargeGas(trx: Trx, spend: GasSpend, gas: GasQuote): Promise<void> {
  await postEntries(trx, [gasPosting(spend, gas)]);
  await insertGasRow(trx, spend, gas);
}

function gasPosting(spend: Pick<GasSpend, 'walletId' | 'proposalId' | 'movementId' | 'txHash' | 'at'>, gas: GasQuote): Posting {
  return {
    walletId: spend.walletId,
    currencyId: gas.currencyId,
    delta: debit(gas.amount),
    reason: 'gas',
    proposalId: spend.proposalId,
    movementId: spend.movementId,
    txHash: spend.txHash,
    at: spend.at,
  };
}

async function insertGasRow(trx: Trx, spend: GasSpend, gas: GasQuote): Promise<void> {
  await trx
    .insertInto('gasFee')
    .values({
      orgId: spend.orgId,
      chainId: spend.chainId,
      walletId: spend.walletId,
      currencyId: gas.currencyId,
      reason: spend.reason,
      fee: gas.amount,
      txHash: spend.txHash,
      movementId: spend.movementId,
      proposalId: spend.proposalId,
      createdAt: spend.at,
    })
    .execute();
}

/**
 * Moves the amount out of the wallet and into the destination wallet if it is ours, the fee
 * (if any) to the platform's fee wallet, and the gas out of the wallet in the native coin, as
 * ledger entries in the caller's transaction, with the gas row. The balances are re-checked
 * by the ledger: they may have dropped since a proposal started; then nothing is written
 * (409 naming the coin) and the proposal stays approved. Every path that books money out as
 * executed comes here (a direct movement at once, a proposal's confirm, the intent log's settle, a
 * resume's included), so a withdrawal's or a refund's webhook event is written here, in the same
 * transaction (./announce.ts); `chainTxHash` is the hash it carries when the books carry another
 * (a Safe's).
 */
export async function executeTransfer(
  trx: Trx,
  outflow: Outflow,
  route: ExecutionRoute,
  txHash: string,
  now: Date,
  { relayed = false, paidGas, chainTxHash = txHash }: { relayed?: boolean; paidGas?: GasQuote; chainTxHash?: string } = {},
): Promise<void> {
  await bookTransfer(trx, outflow, route, txHash, now, { relayed, paidGas });
  const execution = { txHash: chainTxHash, fee: outflow.fee ?? '0', at: now };
  if (outflow.movementId !== null) await announceOutflowExecuted(trx, { movementId: outflow.movementId }, execution);
  else if (outflow.proposalId !== null) await announceOutflowExecuted(trx, { proposalId: outflow.proposalId }, execution);
}

async function bookTransfer(
  trx: Trx,
  outflow: Outflow,
  route: ExecutionRoute,
  txHash: string,
  now: Date,
  { relayed, paidGas }: { relayed: boolean; paidGas?: GasQuote },
): Promise<void> {
  const fee = outflow.fee ?? '0';
  const cause = { proposalId: outflow.proposalId, movementId: outflow.movementId, txHash, at: now };
  const postings: Posting[] = [
    { ...cause, walletId: outflow.walletId, currencyId: outflow.currencyId, delta: debit(outflow.amount), reason: outflow.reason },
  ];
  if (route.destinationId !== null)
    postings.push({
      ...cause,
      walletId: route.destinationId,
      currencyId: outflow.currencyId,
      delta: outflow.amount,
      reason: outflow.reason,
    });
  if (positive(fee)) {
    if (route.feeWalletId === null) throw new Error('a fee needs the fee wallet locked (lockExecutionWallets)');
    postings.push({ ...cause, walletId: outflow.walletId, currencyId: outflow.currencyId, delta: debit(fee), reason: 'fee' });
    postings.push({ ...cause, walletId: route.feeWalletId, currencyId: outflow.currencyId, delta: fee, reason: 'fee' });
  }
  // A Safe's execution is paid by the platform's relayer: reported once it is known
  // (reportRelayedGas), never taken from the Safe.
  if (relayed) {
    await postEntries(trx, postings);
    return;
  }
  // Sent by the wallet itself on a real chain: what its transactions cost, read from their receipts (settle.ts); simulated: the quote.
  const gas = paidGas ?? (await gasQuote(trx, outflow.chainId, outflow.currencyId));
  const spend = { walletId: outflow.walletId, orgId: outflow.orgId, chainId: outflow.chainId, reason: outflow.gasReason, ...cause };
  postings.push(gasPosting(spend, gas));
  await postEntries(trx, postings);
  await insertGasRow(trx, spend, gas);
}

/** The gas of a relayed Safe execution: a row of the gas report for the org, no ledger entry (executeTransfer's `relayed`). */
export async function reportRelayedGas(trx: Trx, spend: GasSpend, gas: GasQuote): Promise<void> {
  await insertGasRow(trx, spend, gas);
}
