import { sql, type Transaction } from 'kysely';
import type { Database } from '../../db/schema';
import type { Db } from '../../db/database';
import { ApiError, badRequest, conflict } from '../../http/apiError';
import type { Caller } from '../../http/caller';
import { BodyCode } from '../../../src/contract/envelope';
import { compareDecimal } from '../../../src/contract/money';
import { RECREDITABLE_STATUSES } from '../../../src/contract/orderRepair';
import type { OrderRepairViewInput, RecreditBody } from '../../../src/contract/schemas/orderRepair';
import { orderColumns, orderNotFound, repairsOf, scopedOrders } from '../report/orders';
import { lockDepositWallet, markOrderPaid } from '../ledger/orderCredit';
import { isUniqueViolation } from '../../db/uniqueViolation';
import { holdCallerRole } from '../../http/callerRole';

/** A transaction hash that paid another order already: it pays one order only. */
const txHashUsed = (orderNo: string) =>
  new ApiError(BodyCode.conflict, 'api.txHashUsed', { params: { orderNo }, fields: { txHash: { key: 'validation.duplicate' } } });

/** The paid order a transaction hash paid, if any (case aside). */
const paidBy = (db: Db, txHash: string) =>
  db
    .selectFrom('paymentOrder')
    .select('orderNo')
    .where(sql`lower(tx_hash)`, '=', txHash.toLowerCase())
    .where('status', '=', 'paid')
    .executeTakeFirst();

/** A transaction hash as the chain writes it: 0x + 64 hex digits on EVM chains, 64 hex digits on TRON. */
const TX_HASH: Record<string, RegExp> = { evm: /^0x[0-9a-fA-F]{64}$/, tron: /^[0-9a-fA-F]{64}$/ };

/** One order by number or transaction hash (case aside), with its repair log; another tenant's is not found. */
export async function lookUpOrder(db: Db, caller: Caller, q: string): Promise<OrderRepairViewInput> {
  const key = q.toLowerCase();
  const order = await scopedOrders(db, caller)
    .select(orderColumns)
    .where((eb) => eb.or([eb(sql`lower(payment_order.order_no)`, '=', key), eb(sql`lower(payment_order.tx_hash)`, '=', key)]))
    .orderBy('paymentOrder.id')
    .executeTakeFirst();
  if (!order) throw orderNotFound();
  return { order, repairs: await repairsOf(db, order.id) };
}

/**
 * Marks an expired or failed order paid by the transaction given, with the reason, in the
 * repair log, and credits its deposit wallet — in one transaction with the order row locked:
 * two operators cannot credit it twice, and a transaction that already paid an order cannot
 * pay another. On a chain that is read (docs/chains.md "Deposits"), the chain is polled first and
 * the transaction must be one the watcher read into the order's deposit address, in its currency,
 * for at least its amount: its money is already in the wallet as a `deposit`, which the credit
 * takes back, so no balance moves. A hash the chain never delivered there is a 409, so no one
 * credits a wallet with money the chain does not hold. A simulated chain has only the operator's word.
 */
export async function recreditOrder(
  db: Db,
  caller: Caller,
  body: RecreditBody,
  now: Date,
  readChain: (chainId: number) => Promise<{ nextBlock: bigint | null }>,
): Promise<OrderRepairViewInput> {
  const target = await db.selectFrom('paymentOrder').select('chainId').where('id', '=', body.orderId).executeTakeFirst();
  if (!target) throw orderNotFound();
  const read = await readChain(target.chainId).catch(() => {
    throw new ApiError(BodyCode.unavailable, 'api.chainUnreadable');
  });
  const order = await db
    .transaction()
    .execute(async (trx) => {
      // Credited on the operator's word: under the role they hold when it commits.
      await holdCallerRole(trx, caller);
      const found = await trx
        .selectFrom('paymentOrder')
        .select(['id', 'chainId', 'depositAddress'])
        .where('id', '=', body.orderId)
        .executeTakeFirst();
      if (!found) throw orderNotFound();
      // The deposit wallet before the order row, as every path that moves its money does.
      await lockDepositWallet(trx, found);
      const row = await trx
        .selectFrom('paymentOrder')
        .innerJoin('chain', 'chain.chainId', 'paymentOrder.chainId')
        .innerJoin('currency', 'currency.id', 'paymentOrder.currencyId')
        .select([
          'paymentOrder.id',
          'paymentOrder.orderNo',
          'paymentOrder.status',
          'paymentOrder.chainId',
          'paymentOrder.currencyId',
          'paymentOrder.amount',
          'paymentOrder.depositAddress',
          'chain.family',
          'currency.symbol',
        ])
        .where('paymentOrder.id', '=', body.orderId)
        // The order's row alone: its chain and currency rows are read, not held (held, they queued every
        // outflow on the chain behind this credit, whose checks read them FOR SHARE).
        .forUpdate('paymentOrder')
        .executeTakeFirstOrThrow();
      if (!RECREDITABLE_STATUSES.includes(row.status)) throw conflict(`api.recreditStatus.${row.status}`);
      if (!TX_HASH[row.family]?.test(body.txHash))
        throw badRequest({ txHash: { key: 'validation.txHash', params: { family: row.family.toUpperCase() } } });
      const used = await paidBy(trx, body.txHash);
      if (used) throw txHashUsed(used.orderNo);
      const payer = read.nextBlock === null ? undefined : await deliveredOnChain(trx, row, body.txHash);
      await markOrderPaid(trx, row, { txHash: body.txHash, paidAt: now, ...(payer ? { payerAddress: payer } : {}) });
      await trx
        .insertInto('orderRepair')
        .values({
          orderId: row.id,
          action: 'recredit',
          actorId: caller.userId,
          reason: body.reason,
          txHash: body.txHash,
          previousStatus: row.status,
          newStatus: 'paid',
          createdAt: now,
        })
        .execute();
      return row;
    })
    .catch(async (error: unknown) => {
      // Two credits racing with one hash on two orders both pass the check above; the unique index on
      // paid orders' hashes refuses the second at its write (migration 008), which is answered as the check would.
      if (isUniqueViolation(error, 'payment_order_paid_tx')) throw txHashUsed((await paidBy(db, body.txHash))?.orderNo ?? '');
      throw error;
    });
  return lookUpOrder(db, caller, order.orderNo);
}

/**
 * What the transaction delivered into the order's deposit address in its currency, as the deposit
 * watcher read it: at least the order's amount, or a 409 on the hash. Answers the payer's address.
 */
async function deliveredOnChain(
  trx: Transaction<Database>,
  order: { chainId: number; currencyId: number; depositAddress: string; amount: string; symbol: string },
  txHash: string,
): Promise<string> {
  const delivered = await trx
    .selectFrom('chainTransfer')
    .select([sql<string | null>`trim_scale(sum(amount))::text`.as('total'), sql<string | null>`min(from_address)`.as('payer')])
    .where('chainId', '=', order.chainId)
    .where('currencyId', '=', order.currencyId)
    .where('toAddress', '=', order.depositAddress)
    .where(sql`lower(tx_hash)`, '=', txHash.toLowerCase())
    .where('blockNumber', 'is not', null)
    // A transfer a reorg took off the chain delivered nothing (docs/chains.md "Reorgs").
    .where('vanishedAt', 'is', null)
    .executeTakeFirstOrThrow();
  if (delivered.total === null || delivered.payer === null) {
    throw new ApiError(BodyCode.conflict, 'api.recreditNotOnChain', {
      params: { symbol: order.symbol, address: order.depositAddress },
      fields: { txHash: { key: 'validation.notOnChain' } },
    });
  }
  if (compareDecimal(delivered.total, order.amount) < 0) {
    throw new ApiError(BodyCode.conflict, 'api.recreditShort', {
      params: { total: `${delivered.total} ${order.symbol}`, amount: `${order.amount} ${order.symbol}` },
      fields: { txHash: { key: 'validation.notOnChain' } },
    });
  }
  return delivered.payer;
}
