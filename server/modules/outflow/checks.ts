import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema';
import { badRequest, conflict } from '../../http/apiError';
import { checkAddress, type ChainFamily } from '../../../src/contract/address';
import { amountProblem } from '../../../src/contract/money';
import { debit, shortfalls } from '../ledger/post';
import { gasQuote } from '../ledger/networkFee';
import { currencyOnChain } from '../ledger/currencyOnChain';

type Trx = Transaction<Database>;

/**
 * Disabled means stopped: no money moves on a disabled chain or in a disabled currency,
 * at start and again at execution (409 naming it; open proposals wait). The rows are read
 * FOR SHARE, so a concurrent disable waits for this transaction or is seen by it: money
 * never moves after a disable has committed.
 */
export async function assertChainMoves(trx: Trx, chainId: number) {
  const chain = await trx
    .selectFrom('chain')
    .select(['name', 'family', 'enabled'])
    .where('chainId', '=', chainId)
    .forShare()
    .executeTakeFirstOrThrow();
  if (!chain.enabled) throw conflict('api.chainDisabled', { chain: chain.name });
  return chain;
}

function currencyEnabledOrRefused(currency: { enabled: boolean; symbol: string }): void {
  if (!currency.enabled) throw conflict('api.currencyDisabled', { symbol: currency.symbol });
}

/** At execution (the chain checked already): the proposal's currency is still enabled. */
export async function assertCurrencyMoves(trx: Trx, currencyId: number): Promise<void> {
  currencyEnabledOrRefused(
    await trx.selectFrom('currency').select(['symbol', 'enabled']).where('id', '=', currencyId).forShare().executeTakeFirstOrThrow(),
  );
}

/**
 * The checks of money leaving a wallet, against the wallet's chain, shared by movements
 * and money proposals: an enabled chain and currency of that chain, an amount within its
 * decimals and a destination address of the chain's family (returned canonical).
 */
export async function checkOutflow(trx: Trx, wallet: { chainId: number }, input: { symbol: string; amount: string; to: string }) {
  const chain = await assertChainMoves(trx, wallet.chainId);
  const currency = await currencyOnChain(trx, wallet.chainId, input.symbol)
    .select(['id', 'symbol', 'decimals', 'minWithdraw', 'withdrawFee', 'enabled'])
    .forShare()
    .executeTakeFirst();
  if (!currency) throw badRequest({ symbol: { key: 'validation.unknownReference' } });
  currencyEnabledOrRefused(currency);
  const amountIssue = amountProblem(input.amount, { decimals: currency.decimals });
  if (amountIssue) throw badRequest({ amount: amountIssue });
  const to = checkAddress(chain.family as ChainFamily, input.to);
  if (!to.ok) throw badRequest({ to: to.problem });
  return { family: chain.family, currency, to: to.address };
}

/**
 * At start: the wallet holds `amount` plus `fee` of the currency and the gas its execution will
 * take in the native coin, or a 400 on the amount naming what it holds. Checked again, on the
 * locked balances, when the money moves (server/modules/ledger/post.ts).
 */
export async function assertOutflowCovered(
  trx: Trx,
  wallet: { id: number; chainId: number },
  currencyId: number,
  amount: string,
  fee = '0',
): Promise<void> {
  const gas = await gasQuote(trx, wallet.chainId, currencyId);
  const needs = [
    { walletId: wallet.id, currencyId, delta: debit(amount) },
    { walletId: wallet.id, currencyId, delta: debit(fee) },
    { walletId: wallet.id, currencyId: gas.currencyId, delta: debit(gas.amount) },
  ];
  const found = await shortfalls(trx, needs);
  // The coin moved first: a wallet short of both hears about the amount.
  const short = found.find((s) => s.currencyId === currencyId) ?? found[0];
  if (!short) return;
  if (short.currencyId === currencyId)
    throw badRequest({ amount: { key: 'validation.insufficientBalance', params: { balance: short.held } } });
  throw badRequest({ amount: { key: 'validation.insufficientGas', params: { symbol: gas.symbol, balance: short.held, gas: gas.amount } } });
}
