import { sql, type Transaction } from 'kysely';
import type { Database } from '../../db/schema';
import type { Db } from '../../db/database';
import { ApiError, badRequest, conflict } from '../../http/apiError';
import type { Caller } from '../../http/caller';
import { BodyCode } from '../../../src/contract/envelope';
import { compareDecimal } from '../../../src/contract/money';
import { RECREDITABLE_STATUSES } from '../../../src/contract/orderRepair';
import { storedStatusAt } from '../../../src/contract/orderState';
import type { OrderRepairViewInput, RecreditBody } from '../../../src/contract/schemas/orderRepair';
import { orderColumns, orderNotFound, repairsOf, scopedOrders } from '../report/orders';
import { lockDepositWallet, markOrderPaid } from '../ledger/orderCredit';
import { isUniqueViolation } from '../../db/uniqueViolation';
import { holdCallerRole } from '../../http/callerRole';
import { announcingOrderChange } from '../deposit/ownOrder';

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
export async function lookUpOrder(db: Db, caller: Caller, q: string, now: Date): Promise<OrderRepairViewInput> {
  const key = q.toLowerCase();
  const found = await scopedOrders(db, caller)
    .select([...orderColumns, 'paymentOrder.expiresAt'])
    .where((eb) => eb.or([eb(sql`lower(payment_order.order_no)`, '=', key), eb(sql`lower(payment_order.tx_hash)`, '=', key)]))
    .orderBy('paymentOrder.id')
    .executeTakeFirst();
  if (!found) throw orderNotFound();
  const { expiresAt, ...order } = found;
  return { order: { ...order, status: storedStatusAt({ status: order.status, expiresAt }, now) }, repairs: await repairsOf(db, order.id) };
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
 *
 * An order with an address of its own (an API or pay-link order, paid late) is credited from
 * everything that arrived there, as the watcher credits one paid in time (server/modules/deposit/ownOrder.ts):
 * the hash given is any one of its transfers and names the credit; the transfers must add up to the
 * amount; the deposits of the address give up the amount to the credit (docs/DECISIONS.md "Re-crediting an
 * order paid late in parts").
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
          'paymentOrder.expiresAt',
          'paymentOrder.checkoutCode',
          // Its events' org (the re-credit writes the order's event).
          'paymentOrder.orgId',
          'chain.family',
          'currency.symbol',
        ])
        .where('paymentOrder.id', '=', body.orderId)
        // The order's row alone: its chain and currency rows are read, not held (held, they queued every
        // outflow on the chain behind this credit, whose checks read them FOR SHARE).
        .forUpdate('paymentOrder')
        .executeTakeFirstOrThrow();
      const status = storedStatusAt(row, now);
      if (!RECREDITABLE_STATUSES.includes(status)) throw conflict(`api.recreditStatus.${status}`);
      if (!TX_HASH[row.family]?.test(body.txHash))
        throw badRequest({ txHash: { key: 'validation.txHash', params: { family: row.family.toUpperCase() } } });
      const used = await paidBy(trx, body.txHash);
      if (used) throw txHashUsed(used.orderNo);
      // Whatever reaches an order's own address is that order's (docs/payments.md "Order states"): all of it counts.
      const ownAddress = row.checkoutCode !== null;
      const payer =
        read.nextBlock === null && !ownAddress
          ? undefined
          : await deliveredOnChain(trx, row, body.txHash, { ownAddress, read: read.nextBlock !== null });
      // The order's event, as the watcher writes one for a payment (docs/webhooks.md "Events").
      await announcingOrderChange(trx, row, now, () =>
        markOrderPaid(
          trx,
          row,
          { txHash: body.txHash, paidAt: now, ...(payer ? { payerAddress: payer } : {}) },
          ownAddress ? 'address' : 'transaction',
        ),
      );
      await trx
        .insertInto('orderRepair')
        .values({
          orderId: row.id,
          action: 'recredit',
          actorId: caller.userId,
          reason: body.reason,
          txHash: body.txHash,
          previousStatus: status,
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
  return lookUpOrder(db, caller, order.orderNo, now);
}

/**
 * What arrived at the order's deposit address in its currency, as the deposit watcher read it (on a
 * chain that is read, only what it read; a transfer a reorg took off the chain delivered nothing,
 * docs/chains.md "Reorgs"): at a shared address what the transaction delivered, at an order's own
 * address everything its transfers delivered, the transaction given one of them. At least the order's
 * amount, or a 409 on the hash. Answers the payer's address (the given transaction's sender).
 */
async function deliveredOnChain(
  trx: Transaction<Database>,
  order: { chainId: number; currencyId: number; depositAddress: string; amount: string; symbol: string },
  txHash: string,
  { ownAddress, read }: { ownAddress: boolean; read: boolean },
): Promise<string> {
  const hash = txHash.toLowerCase();
  const delivered = await trx
    .selectFrom('chainTransfer')
    .select([
      sql<string | null>`trim_scale(sum(amount))::text`.as('total'),
      sql<string | null>`min(from_address) filter (where lower(tx_hash) = ${hash})`.as('payer'),
    ])
    .where('chainId', '=', order.chainId)
    .where('currencyId', '=', order.currencyId)
    .where('toAddress', '=', order.depositAddress)
    .$if(!ownAddress, (q) => q.where(sql`lower(tx_hash)`, '=', hash))
    .$if(read, (q) => q.where('blockNumber', 'is not', null))
    .where('vanishedAt', 'is', null)
    .executeTakeFirstOrThrow();
  if (delivered.total === null || delivered.payer === null) {
    throw new ApiError(BodyCode.conflict, 'api.recreditNotOnChain', {
      params: { symbol: order.symbol, address: order.depositAddress },
      fields: { txHash: { key: 'validation.notOnChain' } },
    });
  }
  if (compareDecimal(delivered.total, order.amount) < 0) {
    throw new ApiError(BodyCode.conflict, ownAddress ? 'api.recreditShortAddress' : 'api.recreditShort', {
      params: { total: `${delivered.total} ${order.symbol}`, amount: `${order.amount} ${order.symbol}` },
      fields: { txHash: { key: 'validation.notOnChain' } },
    });
  }
  return delivered.payer;
}
