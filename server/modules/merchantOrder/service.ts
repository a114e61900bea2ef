import { randomBytes } from 'node:crypto';
import { sql, type RawBuilder, type Transaction } from 'kysely';
import type { Db } from '../../db/database';
import type { Database } from '../../db/schema';
import { ApiError, badRequest, notFound } from '../../http/apiError';
import { requestFingerprint } from '../../http/idempotency';
import { BodyCode } from '../../../src/contract/envelope';
import { amountProblem, compareDecimal } from '../../../src/contract/money';
import { ORDER_DEPOSIT_KIND, checkoutPath } from '../../../src/contract/merchantOrder';
import { merchantOrderRecord, type MerchantOrderBody, type MerchantOrderRecordInput } from '../../../src/contract/schemas/merchantOrder';
import { orderStateOf } from '../../../src/contract/orderState';
import { depositAddressAt, depositXpubOf } from '../../chain/depositKeys';
import { emitWebhookEvent, webhookSubject } from '../webhook/outbox';

type Trx = Transaction<Database>;

/** Who asks: a merchant API key (docs/payments.md "The merchant API"). */
export interface OrderKey {
  /** Null: a payer's order through a pay link's public page (docs/payments.md "Checkout"). */
  keyId: number | null;
  orgId: number;
}

export interface OrderRequest {
  /** As parsed (defaults filled in): the Idempotency-Key's fingerprint is of it. */
  body: MerchantOrderBody;
  idempotencyKey: string | undefined;
  now: Date;
  /** The platform's deposit seed, read only when the org has no account key for the family yet. */
  seed: () => Uint8Array;
  /** `https://host` of the request: the checkout URL is on the platform's own origin. */
  origin: string;
}

const orderNotFound = () => notFound('Order');

/** Another request with the same key committed between our look and our insert: answer its order. */
class KeyTaken extends Error {}

/**
 * What arrived at an order's own address in its currency, still on the chain (a transfer a reorg took
 * back does not count): the order's address is its alone, so all of it is the order's.
 */
export const receivedOf = (order: RawBuilder<unknown>) => sql<string>`coalesce((select trim_scale(sum(t.amount)) from chain_transfer t
  where t.chain_id = ${order}.chain_id and t.to_address = ${order}.deposit_address
    and t.currency_id = ${order}.currency_id and t.vanished_at is null), 0)`;
const receivedSql = receivedOf(sql`payment_order`);

/** An order's amount, what arrived, what is missing (none once paid) and the excess, as decimal strings: what its state is read from. */
export const orderAmountColumns = [
  sql<string>`trim_scale(payment_order.amount)::text`.as('amount'),
  sql<string>`${receivedSql}::text`.as('received'),
  sql<string>`trim_scale(case when payment_order.status = 'paid' then 0 else greatest(payment_order.amount - ${receivedSql}, 0) end)::text`.as(
    'missing',
  ),
  sql<string>`trim_scale(greatest(${receivedSql} - payment_order.amount, 0))::text`.as('excess'),
] as const;

const orderColumns = (db: Db | Trx) =>
  db
    .selectFrom('paymentOrder')
    .innerJoin('currency', 'currency.id', 'paymentOrder.currencyId')
    .leftJoin('payLink', 'payLink.id', 'paymentOrder.payLinkId')
    .select([
      'paymentOrder.id',
      'paymentOrder.orderNo',
      'paymentOrder.status',
      ...orderAmountColumns,
      'currency.symbol as currency',
      'paymentOrder.chainId',
      'currency.contractAddress',
      'currency.decimals',
      'paymentOrder.depositAddress',
      'paymentOrder.merchantReference as reference',
      'payLink.code as payLinkCode',
      'paymentOrder.expiresAt',
      'paymentOrder.createdAt',
      'paymentOrder.paidAt',
      'paymentOrder.txHash',
      'paymentOrder.checkoutCode',
      // What its refund paid back (docs/payments.md "Refunding an overpaid order's excess"): once its movement is executed.
      sql<string>`coalesce((select trim_scale(r.amount)::text from order_refund r join movement m on m.id = r.movement_id
        where r.order_id = payment_order.id and m.status = 'executed'), '0')`.as('refunded'),
    ])
    // Orders of the merchant API and the checkout only: each has an address of its own.
    .where('paymentOrder.checkoutCode', 'is not', null);

type OrderRow = Awaited<ReturnType<ReturnType<typeof orderColumns>['executeTakeFirstOrThrow']>>;

/**
 * An order as the merchant API answers it, in its state now (src/contract/orderState.ts); its checkout
 * code goes into its URL (the response schema drops the bare code).
 */
function answerOf(row: OrderRow, origin: string, now: Date): MerchantOrderRecordInput & { checkoutCode: string } {
  const { checkoutCode, ...order } = row;
  return {
    ...order,
    checkoutCode: checkoutCode ?? '',
    status: orderStateOf(order, now),
    checkoutUrl: `${origin}${checkoutPath(checkoutCode ?? '')}`,
  };
}

/**
 * Creates an order with an address of its own (docs/payments.md "An address per order"): the org's
 * account key for the chain's family, the child at the order's id; the address is one of the org's
 * wallets (kind OrderDeposit), so the deposit watcher, the books and the re-check see it as any
 * wallet. With an Idempotency-Key, the same key and body answer the first order; the same key with
 * another body is refused (body code idempotencyKeyReused) (docs/payments.md "Idempotency").
 */
export async function createOrder(db: Db, key: OrderKey, request: OrderRequest): Promise<ReturnType<typeof answerOf>> {
  const { body, idempotencyKey, now } = request;
  const fingerprint = requestFingerprint(body);
  if (idempotencyKey !== undefined) {
    const earlier = await orderOfKey(db, key.orgId, idempotencyKey, fingerprint);
    if (earlier) return answerOf(earlier, request.origin, now);
  }
  const currency = await db
    .selectFrom('currency')
    .innerJoin('chain', 'chain.chainId', 'currency.chainId')
    .select(['currency.id', 'currency.decimals', 'chain.family'])
    .where('currency.chainId', '=', body.chainId)
    .where(sql`upper(currency.symbol)`, '=', body.currency.toUpperCase())
    .where('currency.enabled', '=', true)
    .where('chain.enabled', '=', true)
    .executeTakeFirst();
  if (!currency) throw badRequest({ currency: { key: 'validation.unknownCurrency', params: { currency: body.currency } } });
  const problem = amountProblem(body.amount, { decimals: currency.decimals });
  if (problem) throw badRequest({ amount: problem });
  const link = body.payLinkCode === undefined ? null : await payLinkFor(db, key.orgId, body, currency.id);
  const xpub = await depositXpubOf(db, key.orgId, currency.family, request.seed);

  try {
    return await db.transaction().execute(async (trx) => {
      const { id } = await sql<{ id: number }>`select nextval(pg_get_serial_sequence('payment_order', 'id'))::int as id`
        .execute(trx)
        .then((r) => r.rows[0]!);
      const depositAddress = depositAddressAt(xpub, currency.family, id);
      const kind = link ? 'linkpay' : 'payment';
      const orderNo = `${kind === 'linkpay' ? 'LNK' : 'PAY'}${now.toISOString().slice(0, 10).replace(/-/g, '')}${String(id).padStart(10, '0')}`;
      await trx
        .insertInto('chainWallet')
        .values({
          chainId: body.chainId,
          orgId: key.orgId,
          kind: ORDER_DEPOSIT_KIND,
          address: depositAddress,
          label: orderNo,
          threshold: null,
        })
        .execute();
      await trx
        .insertInto('paymentOrder')
        .values({
          id,
          orderNo,
          orgId: key.orgId,
          kind,
          payLinkId: link?.id ?? null,
          chainId: body.chainId,
          currencyId: currency.id,
          amount: body.amount,
          // Set when it is paid (server/modules/ledger/orderCredit.ts).
          fee: '0',
          status: 'pending',
          depositAddress,
          createdAt: now,
          expiresAt: new Date(now.getTime() + body.expiresInMinutes * 60_000),
          merchantReference: body.reference ?? null,
          apiKeyId: key.keyId,
          checkoutCode: randomBytes(16).toString('base64url'),
          checkoutOrigin: request.origin,
        })
        .execute();
      if (idempotencyKey !== undefined) {
        const kept = await trx
          .insertInto('orderRequest')
          .values({ orgId: key.orgId, idempotencyKey, fingerprint, orderId: id, createdAt: now })
          .onConflict((oc) => oc.columns(['orgId', 'idempotencyKey']).doNothing())
          .returning('orderId')
          .executeTakeFirst();
        if (!kept) throw new KeyTaken();
      }
      const answer = answerOf(await orderColumns(trx).where('paymentOrder.id', '=', id).executeTakeFirstOrThrow(), request.origin, now);
      // In the order's own transaction: the event exists exactly when the order does (docs/webhooks.md).
      await emitWebhookEvent(trx, key.orgId, 'order.created', merchantOrderRecord.parse(answer), now, webhookSubject('order', id));
      return answer;
    });
  } catch (error) {
    if (!(error instanceof KeyTaken) || idempotencyKey === undefined) throw error;
    const winner = await orderOfKey(db, key.orgId, idempotencyKey, fingerprint);
    if (!winner) throw error;
    return answerOf(winner, request.origin, now);
  }
}

/**
 * An order as its webhook events carry it (docs/webhooks.md "Payload"): the merchant API's answer,
 * as JSON, in its state at `at`, its checkout URL on the origin it was created on.
 */
export async function orderEventData(trx: Trx, orderId: number, at: Date): Promise<unknown> {
  const row = await orderColumns(trx)
    .select('paymentOrder.checkoutOrigin')
    .where('paymentOrder.id', '=', orderId)
    .executeTakeFirstOrThrow();
  const { checkoutOrigin, ...order } = row;
  return merchantOrderRecord.parse(answerOf(order, checkoutOrigin ?? '', at));
}

/** The order an Idempotency-Key made, if any; the key with another body is refused (body code idempotencyKeyReused). */
async function orderOfKey(db: Db, orgId: number, idempotencyKey: string, fingerprint: string): Promise<OrderRow | null> {
  const stored = await db
    .selectFrom('orderRequest')
    .select(['orderId', 'fingerprint'])
    .where('orgId', '=', orgId)
    .where('idempotencyKey', '=', idempotencyKey)
    .executeTakeFirst();
  if (!stored) return null;
  if (stored.fingerprint !== fingerprint) throw new ApiError(BodyCode.idempotencyKeyReused, 'api.idempotencyKeyReused');
  return orderColumns(db).where('paymentOrder.id', '=', stored.orderId).executeTakeFirstOrThrow();
}

/** The pay link an order names: the key's org's, enabled, in the order's currency, its fixed amount if it has one. */
async function payLinkFor(db: Db, orgId: number, body: MerchantOrderBody, currencyId: number): Promise<{ id: number }> {
  const link = await db
    .selectFrom('payLink')
    .select(['id', 'currencyId', 'enabled', sql<string | null>`pay_link.amount::text`.as('amount')])
    .where('code', '=', body.payLinkCode!)
    .where('orgId', '=', orgId)
    .executeTakeFirst();
  if (!link || !link.enabled) throw badRequest({ payLinkCode: { key: 'validation.unknownReference' } });
  if (link.currencyId !== currencyId) throw badRequest({ currency: { key: 'validation.payLinkCurrency' } });
  if (link.amount !== null && compareDecimal(link.amount, body.amount) !== 0)
    throw badRequest({ amount: { key: 'validation.payLinkAmount', params: { amount: link.amount } } });
  return link;
}

/** One order of the key's org (another org's is not found). */
export async function findOrder(db: Db, key: OrderKey, id: number, origin: string, now: Date): Promise<MerchantOrderRecordInput> {
  const row = await orderColumns(db)
    .where('paymentOrder.id', '=', id)
    .where('paymentOrder.orgId', '=', key.orgId)
    .executeTakeFirstOrThrow(orderNotFound);
  return answerOf(row, origin, now);
}

/** The key's org's orders with this reference, newest first (at most 100). */
export async function ordersByReference(
  db: Db,
  key: OrderKey,
  reference: string,
  origin: string,
  now: Date,
): Promise<MerchantOrderRecordInput[]> {
  const rows = await orderColumns(db)
    .where('paymentOrder.orgId', '=', key.orgId)
    .where('paymentOrder.merchantReference', '=', reference)
    .orderBy('paymentOrder.id', 'desc')
    .limit(100)
    .execute();
  return rows.map((row) => answerOf(row, origin, now));
}
