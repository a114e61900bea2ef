import { decimalText } from '../../db/decimalText';
import type { Db } from '../../db/database';
import type { Caller } from '../../http/caller';
import type { OrderDetailViewInput } from '../../../src/contract/schemas/report';
import { orderColumns, scopedOrders } from './orders';
import { orderNotFound, repairsOf } from './orders';
import { ledgerLineColumns, ledgerLines } from '../assetFlow/service';

/** Transfers listed with an order: enough for any order's story, bounded for an address that receives all day. */
const TRANSFERS = 20;

/**
 * One order of the caller's scope with what happened to it (the report's row drawer): the
 * transfers the chain watcher saw arrive at its deposit address in its coin since it was
 * created, its repairs, and the ledger entries it caused. Another org's order is not found,
 * exactly like an unknown one.
 */
export async function orderDetail(db: Db, caller: Caller, id: number): Promise<OrderDetailViewInput> {
  const order = await scopedOrders(db, caller)
    .select([...orderColumns, 'paymentOrder.currencyId'])
    .where('paymentOrder.id', '=', id)
    .executeTakeFirst();
  if (!order) throw orderNotFound();
  const { currencyId, ...record } = order;
  const [transfers, repairs, ledger] = await Promise.all([
    db
      .selectFrom('chainTransfer')
      .select(['txHash', 'fromAddress', decimalText('chain_transfer.amount', 'amount'), 'blockTime'])
      .where('chainId', '=', order.chainId)
      .where('currencyId', '=', currencyId)
      .where('toAddress', '=', order.depositAddress)
      .where('blockTime', '>=', new Date(order.createdAt))
      .orderBy('blockTime')
      .orderBy('id')
      .limit(TRANSFERS)
      .execute(),
    repairsOf(db, id),
    ledgerLines(db).select(ledgerLineColumns).where('ledgerEntry.orderId', '=', id).orderBy('ledgerEntry.id').execute(),
  ]);
  return { order: record, transfers, repairs, ledger };
}
