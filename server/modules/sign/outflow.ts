import { sql, type Transaction } from 'kysely';
import type { Database } from '../../db/schema';
import { badRequest } from '../../http/apiError';
import { checkAddress, type ChainFamily } from '../../../src/contract/address';
import { amountProblem } from '../../../src/contract/money';

type Trx = Transaction<Database>;

/**
 * The checks of money leaving a wallet, against the wallet's chain, shared by sign
 * start and movements: a currency of that chain, an amount within its decimals and a
 * destination address of the chain's family (returned canonical).
 */
export async function checkOutflow(trx: Trx, wallet: { chainId: number }, input: { symbol: string; amount: string; to: string }) {
  const chain = await trx.selectFrom('chain').select('family').where('chainId', '=', wallet.chainId).executeTakeFirstOrThrow();
  const currency = await trx
    .selectFrom('currency')
    .select(['id', 'decimals', 'minWithdraw', 'withdrawFee'])
    .where('chainId', '=', wallet.chainId)
    .where('symbol', '=', input.symbol)
    .executeTakeFirst();
  if (!currency) throw badRequest({ symbol: { key: 'validation.unknownReference' } });
  const amountIssue = amountProblem(input.amount, { decimals: currency.decimals });
  if (amountIssue) throw badRequest({ amount: amountIssue });
  const to = checkAddress(chain.family as ChainFamily, input.to);
  if (!to.ok) throw badRequest({ to: to.problem });
  return { family: chain.family, currency, to: to.address };
}

/** The wallet holds `amount` plus `fee` of the currency, or a 400 on the amount naming the balance. */
export async function assertBalanceCovers(trx: Trx, walletId: number, currencyId: number, amount: string, fee = '0'): Promise<void> {
  const held = await trx.selectFrom('walletBalance').select('amount').where('walletId', '=', walletId).where('currencyId', '=', currencyId).executeTakeFirst();
  const balance = held?.amount ?? '0';
  const { enough } = await trx.selectNoFrom(sql<boolean>`${balance}::numeric >= ${amount}::numeric + ${fee}::numeric`.as('enough')).executeTakeFirstOrThrow();
  if (!enough) throw badRequest({ amount: { key: 'validation.insufficientBalance', params: { balance } } });
}
