import { sql } from 'kysely';
import type { Db } from '../../db/database';
import { ApiError, conflict } from '../../http/apiError';
import { BodyCode } from '../../../src/contract/envelope';
import type { Caller } from '../../http/caller';
import type { Translate } from '../../http/messages';
import { orgVisibleTo } from '../../http/tenancy';
import { RECHECKABLE_STATUSES } from '../../../src/contract/orderRepair';
import type { OrderRepairViewInput, RecheckOutcome, RecheckViewInput } from '../../../src/contract/schemas/orderRepair';
import { lookUpOrder } from './service';
import { orderNotFound } from '../report/orders';
import { lockDepositWallet, markOrderPaid, paysNoOrderYet } from '../ledger/orderCredit';
import { announcingOrderChange } from '../deposit/ownOrder';

/**
 * Reads the chain (the deposit watcher's poll of the order's chain: its confirmed blocks not read
 * yet are booked first) and then the transfers recorded for an order not paid yet (the re-check of
 * /order-repair, docs/ledger.md "Order credit") and, when one paid
 * it, marks it paid by that transaction at its block time. In one transaction with the order
 * row locked, audited either way: a re-check pays an order once, and only with a transfer that
 * really arrived at its deposit address, in its currency, for at least its amount, after it was
 * created and not already the payment of another order. Deposit addresses serve many orders,
 * so a transfer of exactly the amount is preferred, then the earliest.
 */
export async function recheckOrder(
  db: Db,
  caller: Caller,
  orderId: number,
  now: Date,
  t: Translate,
  readChain: (chainId: number) => Promise<{ nextBlock: bigint | null }>,
): Promise<RecheckViewInput> {
  const visible = await db
    .selectFrom('paymentOrder')
    .select('chainId')
    .where('id', '=', orderId)
    .where(orgVisibleTo(caller, 'payment_order.org_id'))
    .executeTakeFirst();
  if (!visible) throw orderNotFound();
  // The chain's confirmed blocks first, so what is compared is what the chain holds now (docs/chains.md "Deposits").
  const read = await readChain(visible.chainId).catch(() => {
    throw new ApiError(BodyCode.unavailable, 'api.chainUnreadable');
  });
  const found = await db.transaction().execute(async (trx) => {
    const seen = await trx
      .selectFrom('paymentOrder')
      .select(['id', 'chainId', 'depositAddress'])
      .where('id', '=', orderId)
      .where(orgVisibleTo(caller, 'payment_order.org_id'))
      .executeTakeFirst();
    if (!seen) throw orderNotFound();
    // The deposit wallet before the order row, as every path that moves its money does.
    await lockDepositWallet(trx, seen);
    const order = await trx
      .selectFrom('paymentOrder')
      .select(['id', 'orderNo', 'orgId', 'status', 'chainId', 'currencyId', 'amount', 'depositAddress', 'createdAt'])
      .where('id', '=', seen.id)
      .forUpdate()
      .executeTakeFirstOrThrow();
    if (!RECHECKABLE_STATUSES.includes(order.status)) throw conflict('api.recheckAlreadyPaid');
    const due = sql<string>`${order.amount}::numeric`;
    const arrived = trx
      .selectFrom('chainTransfer')
      .where('chainTransfer.chainId', '=', order.chainId)
      .where('chainTransfer.currencyId', '=', order.currencyId)
      .where('chainTransfer.toAddress', '=', order.depositAddress)
      // Block times are whole seconds: a payment in the order's own second counts (docs/chains.md "Deposits").
      .where('chainTransfer.blockTime', '>=', wholeSecond(order.createdAt))
      // A transfer a reorg took off the chain delivered nothing (docs/chains.md "Reorgs").
      .where('chainTransfer.vanishedAt', 'is', null)
      // On a chain that is read, only what the watcher read from it (a simulated row has no block).
      .$if(read.nextBlock !== null, (q) => q.where('chainTransfer.blockNumber', 'is not', null))
      .where(paysNoOrderYet(sql<string>`lower(chain_transfer.tx_hash)`));
    const payment = await arrived
      .select(['chainTransfer.txHash', 'chainTransfer.fromAddress', 'chainTransfer.blockTime'])
      .where('chainTransfer.amount', '>=', due)
      .orderBy(sql`chain_transfer.amount = ${due}`, 'desc')
      .orderBy('chainTransfer.blockTime')
      .orderBy('chainTransfer.id')
      .executeTakeFirst();
    if (payment) {
      // The order's event, as the watcher writes one for a payment (docs/webhooks.md "Events").
      await announcingOrderChange(trx, order, now, () =>
        markOrderPaid(trx, order, { txHash: payment.txHash, paidAt: payment.blockTime, payerAddress: payment.fromAddress }),
      );
    }
    const short = payment
      ? undefined
      : await arrived
          .select(sql<string | null>`trim_scale(sum(chain_transfer.amount))::text`.as('total'))
          .where('chainTransfer.amount', '<', due)
          .executeTakeFirst();
    const newStatus = payment ? 'paid' : order.status;
    await trx
      .insertInto('orderRepair')
      .values({
        orderId: order.id,
        action: 'recheck',
        actorId: caller.userId,
        reason: null,
        txHash: payment?.txHash ?? null,
        previousStatus: order.status,
        newStatus,
        createdAt: now,
      })
      .execute();
    return { orderNo: order.orderNo, txHash: payment?.txHash ?? null, shortTotal: short?.total ?? null };
  });
  const view = await lookUpOrder(db, caller, found.orderNo, now);
  return { ...view, recheck: outcome(found.txHash, found.shortTotal, view, t) };
}

/** An instant cut to its whole second, as a block's time is written. */
const wholeSecond = (at: Date) => new Date(Math.floor(at.getTime() / 1000) * 1000);

/** The answer's sentence: paid by a transfer, nothing, or only transfers of too little (their total). */
function outcome(txHash: string | null, shortTotal: string | null, view: OrderRepairViewInput, t: Translate): RecheckOutcome {
  const { amount, symbol } = view.order;
  const message = txHash
    ? t('api.recheckPaid', { txHash })
    : shortTotal
      ? t('api.recheckShort', { total: `${shortTotal} ${symbol}`, amount: `${amount} ${symbol}` })
      : t('api.recheckNone');
  return { paid: txHash !== null, txHash, shortTotal, message };
}
