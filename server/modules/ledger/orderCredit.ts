import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema';
import { conflict } from '../../http/apiError';
import { postEntries } from './post';

type Trx = Transaction<Database>;

export interface PayableOrder {
  id: number;
  chainId: number;
  currencyId: number;
  amount: string;
  depositAddress: string;
}

/**
 * The deposit wallet an order pays into, locked FOR KEY SHARE before the order row: every
 * path that credits or refunds takes the wallet before the order, so a re-credit and a refund
 * of the same wallet queue instead of deadlocking. An address that is no wallet of ours
 * cannot be credited (409).
 */
export async function lockDepositWallet(trx: Trx, order: Pick<PayableOrder, 'chainId' | 'depositAddress'>): Promise<number> {
  const wallet = await trx
    .selectFrom('chainWallet')
    .select('id')
    .where('chainId', '=', order.chainId)
    .where('address', '=', order.depositAddress)
    .forKeyShare()
    .executeTakeFirst();
  if (!wallet) throw conflict('api.depositWalletUnknown');
  return wallet.id;
}

/**
 * An order becomes paid in one place, whoever saw the payment (the chain watcher, a re-check,
 * a re-credit): its status, payment facts and the credit of its amount to the deposit wallet,
 * in the caller's transaction (docs/DECISIONS.md "Ledger"). The order's platform fee is the
 * merchant's bill, settled outside the wallets: the chain delivered the whole amount. A second
 * credit of the same order is refused by the ledger's unique index.
 */
export async function markOrderPaid(
  trx: Trx,
  order: PayableOrder,
  payment: { txHash: string; paidAt: Date; payerAddress?: string | null },
): Promise<void> {
  const walletId = await lockDepositWallet(trx, order);
  await trx
    .updateTable('paymentOrder')
    .set({ status: 'paid', paidAt: payment.paidAt, txHash: payment.txHash, ...(payment.payerAddress ? { payerAddress: payment.payerAddress } : {}) })
    .where('id', '=', order.id)
    .execute();
  await postEntries(trx, [{ walletId, currencyId: order.currencyId, delta: order.amount, reason: 'payment', orderId: order.id, txHash: payment.txHash, at: payment.paidAt }]);
}
