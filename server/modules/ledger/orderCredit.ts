import { sql, type Expression, type Transaction } from 'kysely';
import type { Database } from '../../db/schema';
import { conflict } from '../../http/apiError';
import { orderFeeOf } from '../../../src/contract/orderFee';
import { debit, positive, postEntries } from './post';

type Trx = Transaction<Database>;

export interface PayableOrder {
  id: number;
  chainId: number;
  currencyId: number;
  amount: string;
  depositAddress: string;
}

/**
 * No paid order names this transaction yet: one transaction pays one order
 * (payment_order_paid_tx), so a second transfer in it is a deposit, not a payment.
 */
export const paysNoOrderYet = (lowerTxHash: string | Expression<string>) =>
  sql<boolean>`not exists (select 1 from payment_order used where used.status = 'paid' and lower(used.tx_hash) = ${lowerTxHash})`;

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
 * in the caller's transaction (docs/DECISIONS.md "Ledger"). The order's platform fee is set here
 * (orderFeeOf, the same for every paid order: docs/DECISIONS.md "An order's fee"); it is the
 * merchant's bill, settled outside the wallets: the chain delivered the whole amount. A second
 * credit of the same order is refused by the ledger's unique index (per round: a credit a reorg
 * reversed lets the order be paid once more).
 *
 * When the watcher already booked that transaction's money into the wallet as an unattributed
 * `deposit` (it arrived with no pending order to pay: a late payment), the money is there once:
 * that deposit gives up the order's amount to the order's credit, and the balance does not move
 * (docs/ledger.md "Order credit").
 */
export async function markOrderPaid(
  trx: Trx,
  order: PayableOrder,
  payment: { txHash: string; paidAt: Date; payerAddress?: string | null },
  /**
   * Which deposits give up the order's amount: those of the paying transaction (a shared address), or
   * every deposit of the address (an order's own address, where all of them are the order's: the
   * parts of an underpaid order, docs/payments.md "Order states"). Either way the entries name the
   * paying transaction, whose entries then add up to what it delivered.
   */
  reclaimFrom: 'transaction' | 'address' = 'transaction',
): Promise<void> {
  const walletId = await lockDepositWallet(trx, order);
  const { decimals } = await trx.selectFrom('currency').select('decimals').where('id', '=', order.currencyId).executeTakeFirstOrThrow();
  await trx
    .updateTable('paymentOrder')
    .set({
      status: 'paid',
      fee: orderFeeOf(order.amount, decimals),
      paidAt: payment.paidAt,
      txHash: payment.txHash,
      ...(payment.payerAddress ? { payerAddress: payment.payerAddress } : {}),
    })
    .where('id', '=', order.id)
    .execute();
  // A credit a reorg reversed does not count: this is the next round (docs/chains.md "Reorgs").
  const reversed = await trx
    .selectFrom('ledgerEntry')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('orderId', '=', order.id)
    .where('reason', '=', 'reorg')
    .executeTakeFirstOrThrow();
  await postEntries(trx, [
    {
      walletId,
      currencyId: order.currencyId,
      delta: order.amount,
      reason: 'payment',
      orderId: order.id,
      orderRound: Number(reversed.n) + 1,
      txHash: payment.txHash,
      at: payment.paidAt,
    },
  ]);
  const booked = await trx
    .selectFrom('ledgerEntry')
    .select(sql<string>`trim_scale(least(coalesce(sum(delta), 0), ${order.amount}::numeric))::text`.as('reclaimed'))
    .where('walletId', '=', walletId)
    .where('currencyId', '=', order.currencyId)
    .where('reason', '=', 'deposit')
    .$if(reclaimFrom === 'transaction', (q) => q.where(sql`lower(tx_hash)`, '=', payment.txHash.toLowerCase()))
    .executeTakeFirstOrThrow();
  // After the credit, in a batch of its own: the wallet may have spent the deposit since it arrived.
  if (positive(booked.reclaimed) && !booked.reclaimed.startsWith('-')) {
    await postEntries(trx, [
      {
        walletId,
        currencyId: order.currencyId,
        delta: debit(booked.reclaimed),
        reason: 'deposit',
        txHash: payment.txHash,
        at: payment.paidAt,
      },
    ]);
  }
}
