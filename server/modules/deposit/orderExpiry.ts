import { sql, type Transaction } from 'kysely';
import type { Database } from '../../db/schema';
import type { Db } from '../../db/database';
import { orderEventData } from '../merchantOrder/service';
import { emitWebhookEvent, webhookSubject } from '../webhook/outbox';

type Trx = Transaction<Database>;

/** Orders one pass announces, in one transaction. */
const BATCH = 500;

/**
 * Marks an order's expiry announced, if nobody has (an `update … where … is null`): true when this
 * caller did. Under the order's row lock, so of the sweeps and bookings racing for one order exactly
 * one takes it.
 */
export async function claimExpiryAnnouncement(trx: Trx, orderId: number, at: Date): Promise<boolean> {
  const claimed = await trx
    .updateTable('paymentOrder')
    .set({ expiryAnnouncedAt: at })
    .where('id', '=', orderId)
    .where('expiryAnnouncedAt', 'is', null)
    .returning('id')
    .executeTakeFirst();
  return claimed !== undefined;
}

/**
 * Announces the orders that have expired since the last sweep (docs/webhooks.md "Events"): the
 * pending orders with an address of their own past their expiry and not announced yet, oldest
 * first, are claimed (`for update skip locked`, then marked in the same statement) and each gets
 * its `order.expired` in the same transaction, its data the order at its expiry, its timestamp the
 * expiry. Instances sweeping side by side take different orders and each order once. An order
 * whose amount was complete by its expiry would read `paid_late`, not expired: it is marked and
 * gets nothing (the watcher marks an order paid in time `paid`, so only an order paid late in a way
 * the sweep did not see reaches it). Answers how many orders were marked.
 */
export async function announceExpiredOrders(db: Db, now: Date, limit = BATCH): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const { rows } = await sql<{ id: number; orgId: number; expiresAt: Date }>`
      with due as (
        select id from payment_order
        where status = 'pending' and expiry_announced_at is null and checkout_code is not null and expires_at <= ${now}
        order by expires_at, id
        limit ${limit}
        for update skip locked
      )
      update payment_order o set expiry_announced_at = ${now}
      from due where o.id = due.id and o.expiry_announced_at is null
      returning o.id, o.org_id as "orgId", o.expires_at as "expiresAt"`.execute(trx);
    for (const order of rows) {
      const data = await orderEventData(trx, order.id, order.expiresAt);
      if ((data as { status: string }).status !== 'expired') continue;
      await emitWebhookEvent(trx, order.orgId, 'order.expired', data, order.expiresAt, webhookSubject('order', order.id));
    }
    return rows.length;
  });
}

/**
 * The sweep every instance runs, on the proposal expiry sweep's beat (EXPIRY_SWEEP_MS), one pass at
 * a time; a failed pass (the database out of reach) is tried again on the next beat. Stopped before
 * the database closes, a pass under way finishing first.
 */
export function startOrderExpiry(db: Db, now: () => Date, everyMs: number, onError: (error: unknown) => void): () => Promise<void> {
  let running: Promise<unknown> | null = null;
  const timer = setInterval(() => {
    running ??= announceExpiredOrders(db, now())
      .catch(onError)
      .finally(() => {
        running = null;
      });
  }, everyMs).unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}
