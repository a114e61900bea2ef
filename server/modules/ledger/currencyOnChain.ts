import type { Db } from '../../db/database';

/**
 * A chain's currency by its symbol (unique per chain), before its columns are chosen: an
 * outflow's check, a policy rule and its evaluation, and the demo seed all name a currency so.
 * The caller adds the columns it reads, a row lock if it needs one, and how a miss is answered.
 */
export function currencyOnChain(db: Db, chainId: number, symbol: string) {
  return db.selectFrom('currency').where('chainId', '=', chainId).where('symbol', '=', symbol);
}
