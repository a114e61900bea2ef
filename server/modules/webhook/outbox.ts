import { randomBytes } from 'node:crypto';
import { sql, type Transaction } from 'kysely';
import type { Database } from '../../db/schema';
import type { WebhookEventType } from '../../../src/contract/webhook';

type Trx = Transaction<Database>;

/** What an event is about, as its `subject` names it: an order, a movement, a proposal. */
export const webhookSubject = (kind: 'order' | 'movement' | 'proposal', id: number): string => `${kind}:${id}`;

/** The body every endpoint receives (Standard Webhooks' payload shape; docs/webhooks.md "Payload"). */
export interface WebhookPayload {
  type: WebhookEventType;
  timestamp: string;
  data: unknown;
}

/**
 * Writes an event and its deliveries in the caller's transaction (docs/webhooks.md, docs/DECISIONS.md
 * "Webhooks: a transactional outbox and our own loop"): the event exists exactly when the change it
 * reports does. One delivery per endpoint of the org that is enabled and asks for the type now; an
 * endpoint added later gets none of the events before it, so an event no endpoint asks for is not
 * written at all (answer null): an org without webhooks pays one indexed read per change. Every
 * delivery of the event carries the same `webhook-id`, fixed here, for all its attempts. `data` is
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
  const payload: WebhookPayload = { type, timestamp: at.toISOString(), data };
  const { id } = await trx
    .insertInto('webhookEvent')
    .values({ orgId, type, subject, payload: JSON.stringify(payload), createdAt: at })
    .returning('id')
    .executeTakeFirstOrThrow();
  const msgId = `msg_${randomBytes(16).toString('base64url')}`;
  // Due when written: a deposit's `at` is its block's time, and a devnet's blocks run ahead of the
  // wall clock (a second a block), which would hold its webhooks back by as much.
  const due = new Date(Math.min(at.getTime(), Date.now()));
  await trx
    .insertInto('webhookDelivery')
    .values(endpoints.map((endpoint) => ({ eventId: id, endpointId: endpoint.id, msgId, nextAttemptAt: due })))
    .execute();
  return id;
}
