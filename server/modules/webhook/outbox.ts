import { randomBytes } from 'node:crypto';
import { sql, type Transaction } from 'kysely';
import type { Database } from '../../db/schema';
import { WEBHOOK_TEST_EVENT, type WebhookEventType, type WebhookSentType } from '../../../src/contract/webhook';

type Trx = Transaction<Database>;

/** What an event is about, as its `subject` names it: an order, a movement, a proposal. */
export const webhookSubject = (kind: 'order' | 'movement' | 'proposal', id: number): string => `${kind}:${id}`;

/** The body every endpoint receives (Standard Webhooks' payload shape; docs/webhooks.md "Payload"). */
export interface WebhookPayload {
  type: WebhookSentType;
  timestamp: string;
  data: unknown;
}

/**
 * Writes the event and one delivery per endpoint: every delivery of the event carries the same
 * `webhook-id`, fixed here, for all its attempts (and when a manager sends it again). Each delivery
 * carries the event's subject too, so the loop's claim finds an endpoint's earlier pending delivery
 * of the subject in one index of pending rows (docs/webhooks.md "Order per subject"). Answers the
 * event's id and the deliveries' ids, in the endpoints' order.
 */
async function writeEvent(
  trx: Trx,
  orgId: number,
  type: WebhookSentType,
  data: unknown,
  at: Date,
  subject: string | null,
  endpointIds: number[],
): Promise<{ eventId: number; deliveryIds: number[] }> {
  const payload: WebhookPayload = { type, timestamp: at.toISOString(), data };
  const { id } = await trx
    .insertInto('webhookEvent')
    .values({ orgId, type, subject, payload: JSON.stringify(payload), createdAt: at })
    .returning('id')
    .executeTakeFirstOrThrow();
  const msgId = `msg_${randomBytes(16).toString('base64url')}`;
  // Due at once: at the change's time, or the wall clock's if that is earlier. A transfer's change
  // is at its block's time, and a chain's clock may run ahead of ours (the devnet mines its
  // confirmations a second apart, faster than time passes): due at the block's time, its events
  // would wait for our clock to catch up.
  const dueAt = new Date(Math.min(at.getTime(), Date.now()));
  const deliveries = await trx
    .insertInto('webhookDelivery')
    .values(endpointIds.map((endpointId) => ({ eventId: id, endpointId, msgId, subject, nextAttemptAt: dueAt })))
    .returning('id')
    .execute();
  return { eventId: id, deliveryIds: deliveries.map((d) => d.id) };
}

/**
 * Writes an event and its deliveries in the caller's transaction (docs/webhooks.md, docs/DECISIONS.md
 * "Webhooks: a transactional outbox and our own loop"): the event exists exactly when the change it
 * reports does. One delivery per endpoint of the org that is enabled and asks for the type now; an
 * endpoint added later gets none of the events before it, so an event no endpoint asks for is not
 * written at all (answer null): an org without webhooks pays one indexed read per change. `data` is
 * JSON as the receiver gets it. `subject` names what the event is about (`order:<id>`, see
 * `webhookSubject`; null for none): an endpoint gets one subject's events in the order they were
 * written, each delivered (or given up) before the next is sent (docs/webhooks.md "Order per subject").
 */
export async function emitWebhookEvent(
  trx: Trx,
  orgId: number,
  type: WebhookEventType,
  data: unknown,
  at: Date,
  subject: string | null,
): Promise<number | null> {
  const endpoints = await trx
    .selectFrom('webhookEndpoint')
    .select('id')
    .where('orgId', '=', orgId)
    .where('enabled', '=', true)
    .where(sql<boolean>`${type} = any(events)`)
    .execute();
  if (endpoints.length === 0) return null;
  const ids = endpoints.map((endpoint) => endpoint.id);
  return (await writeEvent(trx, orgId, type, data, at, subject, ids)).eventId;
}

/**
 * A `webhook.test` event for one endpoint alone (docs/webhooks.md "Sending a test event"), whatever
 * it asks for: its one delivery's id. `data` names the endpoint, so a receiver serving several
 * sees which one was tested. No subject: it waits for nothing and holds nothing back.
 */
export async function emitWebhookTest(trx: Trx, endpoint: { id: number; orgId: number; url: string }, at: Date): Promise<number> {
  const data = { endpointId: endpoint.id, url: endpoint.url, message: 'A test event sent from the console: answer 2xx.' };
  const { deliveryIds } = await writeEvent(trx, endpoint.orgId, WEBHOOK_TEST_EVENT, data, at, null, [endpoint.id]);
  return deliveryIds[0]!;
}
