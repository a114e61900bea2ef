import { sql, type Kysely } from 'kysely';

/**
 * The rest of the money events, in order per subject (docs/webhooks.md "Events", "Order per subject"):
 *
 * - `webhook_event.subject`: what an event is about (`order:<id>`, `movement:<id>`, `proposal:<id>`;
 *   null for none), copied onto each of its deliveries. The delivery claim holds back a delivery
 *   while an earlier one of the same endpoint and subject is still pending; the partial index of
 *   pending deliveries by endpoint and subject answers that in one probe, however long the log.
 * - `payment_order.expiry_announced_at`: when the expiry sweep wrote the order's `order.expired` (or a
 *   booking after its expiry took the announcement over): set once, by `update … where … is null`, so
 *   instances sweeping side by side announce an order once. The orders already past their expiry are
 *   marked announced here: their expiry was long before there was such an event, and no endpoint is
 *   told of it now. The partial index is the sweep's: the pending orders not announced yet, by expiry.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table webhook_event add column subject text`.execute(db);
  await sql`alter table webhook_delivery add column subject text`.execute(db);
  await sql`create index webhook_delivery_subject_pending on webhook_delivery (endpoint_id, subject, id)
    where status = 'pending' and subject is not null`.execute(db);
  await sql`alter table payment_order add column expiry_announced_at timestamptz`.execute(db);
  await sql`update payment_order set expiry_announced_at = expires_at where status = 'pending' and expires_at <= now()`.execute(db);
  await sql`create index payment_order_expiry_due on payment_order (expires_at, id)
    where status = 'pending' and expiry_announced_at is null and checkout_code is not null`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index payment_order_expiry_due`.execute(db);
  await sql`alter table payment_order drop column expiry_announced_at`.execute(db);
  await sql`drop index webhook_delivery_subject_pending`.execute(db);
  await sql`alter table webhook_delivery drop column subject`.execute(db);
  await sql`alter table webhook_event drop column subject`.execute(db);
}
