import type { Transaction } from 'kysely';
import { formatUnits, parseUnits, type Hex } from 'viem';
import type { Database } from '../../db/schema';
import type { Db } from '../../db/database';
import type { ChainRegistry } from '../../chain/registry';
import type { Execution } from '../../chain/adapter';
import { ApiError, conflict } from '../../http/apiError';
import { BodyCode } from '../../../src/contract/envelope';
import { isMultiSigKind } from '../../../src/contract/contractKinds';
import type { GasReason } from '../../../src/contract/report';
import { gasPaidOnChain, type GasQuote } from '../ledger/networkFee';
import { chargeGas, type ExecutionRoute } from './execution';
import { sendingOnChain, sentOnChain } from '../../chain/chainMoves';

type Trx = Transaction<Database>;

/** What a wallet's outflow sends: the amount to `to`, and a withdrawal's fee to the platform's fee wallet. */
export interface WalletOutflow {
  walletId: number;
  chainId: number;
  currencyId: number;
  amount: string;
  fee: string;
  to: string;
}

/**
 * What the books write for a wallet's outflow sent on chain: the amount's transaction, the gas all
 * its transactions cost the wallet, and whether the fee's transaction went through. When it did not
 * (the amount's transaction left too little for the fee's gas, a node that failed between the two),
 * the amount has still left: the caller books it with no fee, never rolls it back.
 */
export interface SentOutflow {
  txHash: Hex;
  gas: GasQuote;
  feeCollected: boolean;
}

/**
 * A wallet's transaction mined and failed (the chain took its gas, nothing moved): thrown so the
 * caller's books roll back, then its gas is booked in a transaction of its own (`bookRevertedGas`).
 */
export class WalletSendReverted extends ApiError {
  constructor(
    readonly walletId: number,
    readonly chainId: number,
    readonly txHash: Hex,
    readonly fee: bigint,
  ) {
    super(BodyCode.conflict, 'api.walletSendReverted', { params: { txHash } });
  }
}

/**
 * Money out of a hot or cold wallet on a chain that moves it (docs/chains.md "Wallet keys"), inside
 * the caller's database transaction, with the wallets already locked and every rule checked: the
 * chain is asked first whether the wallet holds what leaves it (the books said so; a chain that
 * disagrees is a 409 and nothing is sent), then the amount goes in a transaction the wallet signs,
 * then a withdrawal's fee in a second one. Null on a simulated chain: the books alone move there.
 */
export async function sendOutflowOnChain(trx: Trx, chains: ChainRegistry | null, outflow: WalletOutflow, route: ExecutionRoute): Promise<SentOutflow | null> {
  const chain = await trx.selectFrom('chain').select(['chainId', 'family', 'rpcUrl']).where('chainId', '=', outflow.chainId).executeTakeFirstOrThrow();
  if (chain.family !== 'evm') return null;
  const { address: from, kind } = await trx.selectFrom('chainWallet').select(['address', 'kind']).where('id', '=', outflow.walletId).executeTakeFirstOrThrow();
  // A multisig wallet never sends by a key: a Safe through its contract, any other by the books' rule alone.
  if (isMultiSigKind(kind)) return null;
  if (!chains) throw conflict('api.chainUnavailable');
  const adapter = await chains.adapterFor(chain).catch(() => {
    throw conflict('api.chainUnavailable');
  });
  const wallets = adapter.wallets;
  if (!wallets) return null;
  if (!wallets.holdsKey(from)) throw conflict('api.walletNoKey', { address: from });
  const currency = await trx.selectFrom('currency').select(['symbol', 'contractAddress', 'decimals']).where('id', '=', outflow.currencyId).executeTakeFirstOrThrow();
  const token = currency.contractAddress;
  const amount = parseUnits(outflow.amount, currency.decimals);
  const fee = parseUnits(outflow.fee, currency.decimals);
  const feeWallet = fee > 0n && route.feeWalletId !== null ? (await trx.selectFrom('chainWallet').select('address').where('id', '=', route.feeWalletId).executeTakeFirstOrThrow()).address : null;

  const held = await adapter.balanceOf(from, token).catch(() => {
    throw conflict('api.chainUnavailable');
  });
  if (held < amount + fee) {
    throw conflict('api.walletShortOnChain', { symbol: currency.symbol, held: formatUnits(held, currency.decimals), needed: formatUnits(amount + fee, currency.decimals) });
  }
  // From here the request never runs again on a database abort: it would send again (chainMoves.ts).
  sendingOnChain();
  const sent = sentOrThrown(await wallets.transfer(from, outflow.to, token, amount), outflow, from);
  sentOnChain(sent.txHash);
  let paid = sent.fee;
  let feeCollected = true;
  if (feeWallet !== null) {
    // The amount has left: the fee is the wallet's second transaction. Whatever becomes of it, the
    // amount is booked (docs/ledger.md "When the fee's transaction fails"): a refusal here (the
    // amount's gas left too little, a node gone) or a revert leaves the fee uncollected, and a
    // revert's gas is the wallet's all the same.
    const feeSent = await wallets.transfer(from, feeWallet, token, fee).catch((): Execution => ({ outcome: 'refused', reason: 'unreachable' }));
    if (feeSent.outcome === 'executed') sentOnChain(feeSent.txHash);
    else feeCollected = false;
    if (feeSent.outcome !== 'refused') paid += feeSent.fee;
  }
  return { txHash: sent.txHash, gas: await gasPaidOnChain(trx, outflow.chainId, paid), feeCollected };
}

function sentOrThrown(execution: Execution, outflow: WalletOutflow, from: string): Extract<Execution, { outcome: 'executed' }> {
  if (execution.outcome === 'executed') return execution;
  if (execution.outcome === 'reverted') throw new WalletSendReverted(outflow.walletId, outflow.chainId, execution.txHash, execution.fee);
  if (execution.reason === 'noKey') throw conflict('api.walletNoKey', { address: from });
  throw conflict('api.walletSendRefused', { reason: execution.reason });
}

/**
 * The gas of a wallet's transaction that was mined and failed, after the caller's transaction rolled
 * back: the wallet paid it, so it leaves the wallet's books (a `gas` entry) and enters the gas report.
 */
export async function bookRevertedGas(db: Db, reverted: WalletSendReverted, reason: GasReason, now: Date): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const wallet = await trx.selectFrom('chainWallet').select(['id', 'orgId', 'chainId']).where('id', '=', reverted.walletId).executeTakeFirstOrThrow();
    const spend = { walletId: wallet.id, orgId: wallet.orgId, chainId: wallet.chainId, reason, proposalId: null, movementId: null, txHash: reverted.txHash, at: now };
    await chargeGas(trx, spend, await gasPaidOnChain(trx, wallet.chainId, reverted.fee));
  });
}
