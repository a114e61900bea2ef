import type { Db } from '../../db/database';
import type { Caller } from '../../http/caller';
import { badRequest } from '../../http/apiError';
import type { MovementQuote, MovementQuoteQuery } from '../../../src/contract/schemas/movement';
import { outflowWallet } from '../outflow/record';
import { gasQuote } from '../ledger/networkFee';
import { spendable } from '../ledger/post';

/**
 * GET /sys/movement/quote: what the movement form shows before saving (docs/DECISIONS.md "Balance
 * and fee on the movement forms"): the wallet's spendable balance of the currency, the fee the
 * kind charges and the gas its execution takes. Asked of the same wallet checks as the save
 * (`outflowWallet`), so nobody reads here a wallet they could not move money out of; the save
 * checks the amount again on locked balances and stays the authority.
 */
export async function quoteMovement(db: Db, caller: Caller, query: MovementQuoteQuery): Promise<MovementQuote> {
  const wallet = await outflowWallet(db, caller, query.kind, query.walletId);
  const currency = await db
    .selectFrom('currency')
    .select(['id', 'symbol', 'minWithdraw', 'withdrawFee'])
    .where('chainId', '=', wallet.chainId)
    .where('symbol', '=', query.symbol)
    .executeTakeFirst();
  if (!currency) throw badRequest({ symbol: { key: 'validation.unknownReference' } });
  const gas = await gasQuote(db, wallet.chainId, currency.id);
  const available = await spendable(db, wallet.id, [currency.id, gas.currencyId]);
  const withdraw = query.kind === 'withdraw';
  return {
    symbol: currency.symbol,
    available: available.get(currency.id) ?? '0',
    fee: withdraw ? currency.withdrawFee : '0',
    minAmount: withdraw ? currency.minWithdraw : null,
    gas: { symbol: gas.symbol, amount: gas.amount, available: available.get(gas.currencyId) ?? '0' },
  };
}
