import { sql, type Transaction } from 'kysely';
import { formatUnits } from 'viem';
import type { Database } from '../../db/schema';
import type { IncomingTransfer } from '../../chain/adapter';
import { lockDepositWallet, markOrderPaid, paysNoOrderYet } from '../ledger/orderCredit';
import { postEntries } from '../ledger/post';
import { bookToOwnOrder } from './ownOrder';

type Trx = Transaction<Database>;

export interface WatchedWallet {
  id: number;
  /** As stored (the order's deposit address is compared with it as written). */
  address: string;
}

export interface WatchedCurrency {
  id: number;
  decimals: number;
}

/**
 * Books one transfer the watcher read from a chain into one of our wallets (docs/chains.md
 * "Deposits"), in the caller's transaction, once: the transfer's row is unique per chain, hash and
 * log index, and a transfer already recorded is left alone (answer false).
 *
 * - It pays the oldest pending order of that deposit address, currency and chain, created before its
 *   block or in its second, of exactly its amount: the order's credit (markOrderPaid). Deposit addresses
 *   serve many orders, so only the exact amount says which one the payer meant (docs/DECISIONS.md
 *   "Deposits from the chain").
 * - Anything else (no such order, too much, too little) is a `deposit` credit: the money is in the
 *   wallet, so it is in the books; a re-check gives it to an order later (docs/ledger.md "Order credit").
 */
export async function bookTransfer(
  trx: Trx,
  chainId: number,
  transfer: IncomingTransfer,
  wallet: WatchedWallet,
  currency: WatchedCurrency,
): Promise<boolean> {
  const amount = formatUnits(transfer.amount, currency.decimals);
  const blockTime = new Date(Number(transfer.timestamp) * 1000);
  const recorded = await trx
    .insertInto('chainTransfer')
    .values({
      chainId,
      currencyId: currency.id,
      toAddress: wallet.address,
      fromAddress: transfer.from,
      amount,
      txHash: transfer.txHash,
      logIndex: transfer.logIndex,
      blockNumber: Number(transfer.blockNumber),
      blockTime,
    })
    .onConflict((oc) => oc.doNothing())
    .returning('id')
    .executeTakeFirst();
  if (!recorded) return false;

  // The deposit wallet before any order row, as every path that credits does (server/modules/ledger/orderCredit.ts).
  await lockDepositWallet(trx, { chainId, depositAddress: wallet.address });
  const own = await trx
    .selectFrom('paymentOrder')
    .select(['id', 'orgId', 'chainId', 'currencyId', sql<string>`amount::text`.as('amount'), 'depositAddress', 'status', 'expiresAt'])
    .where('chainId', '=', chainId)
    .where('depositAddress', '=', wallet.address)
    .where('checkoutCode', 'is not', null)
    .forUpdate()
    .executeTakeFirst();
  if (own) {
    await bookToOwnOrder(trx, own, transfer, { amount, blockTime, walletId: wallet.id, currencyId: currency.id });
    return true;
  }
  const paid = sql<string>`${amount}::numeric`;
  const order = await trx
    .selectFrom('paymentOrder')
    .select(['id', 'chainId', 'currencyId', sql<string>`amount::text`.as('amount'), 'depositAddress'])
    .where('chainId', '=', chainId)
    .where('currencyId', '=', currency.id)
    .where('depositAddress', '=', wallet.address)
    .where('status', '=', 'pending')
    // Created in the block's second or before: a block's time is whole seconds on the chain's clock and an
    // order's creation has milliseconds, so a payment mined in the order's first second would read as sent
    // before it. A whole second earlier still is before the order: the address serves many orders, and a
    // payment sent before one existed is not its payment (docs/chains.md "Deposits").
    .where(sql<Date>`date_trunc('second', payment_order.created_at)`, '<=', blockTime)
    .where('amount', '=', paid)
    // An order past its expiry is not paid by a late transfer: the money is a deposit of its address,
    // kept for repair (docs/payments.md "Order states").
    .where((eb) => eb.or([eb('expiresAt', 'is', null), eb('expiresAt', '>=', blockTime)]))
    // One transaction pays one order (payment_order_paid_tx): a second transfer in it is a deposit.
    .where(paysNoOrderYet(transfer.txHash.toLowerCase()))
    .orderBy('createdAt')
    .orderBy('id')
    .limit(1)
    .forUpdate()
    .executeTakeFirst();

  if (order) await markOrderPaid(trx, order, { txHash: transfer.txHash, paidAt: blockTime, payerAddress: transfer.from });
  else
    await postEntries(trx, [
      { walletId: wallet.id, currencyId: currency.id, delta: amount, reason: 'deposit', txHash: transfer.txHash, at: blockTime },
    ]);
  return true;
}
