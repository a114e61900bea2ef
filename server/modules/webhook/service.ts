import { randomBytes } from 'node:crypto';
import type { Db } from '../../db/database';
import { pageOfColumns, sortByColumns } from '../../http/pagination';
import { conflict, fieldError, notFound } from '../../http/apiError';
import type { Caller } from '../../http/caller';
import type { ServerContext } from '../../http/serverContext';
import type { ListResult } from '../../../src/contract/envelope';
import { WEBHOOK_ROTATION_WINDOW_MS, WEBHOOK_SECRET_BYTES, WEBHOOK_SECRET_MARK } from '../../../src/contract/webhook';
import { may } from '../../../src/access/policy';
import type {
  FailingWebhookInput,
  WebhookBody,
  WebhookDeliveryRecordInput,
  WebhookListQuery,
  WebhookRecordInput,
  WebhookUpdateBody,
} from '../../../src/contract/schemas/webhook';
import { recordAuditEvent } from '../auditLog/record';
import { emitWebhookTest } from './outbox';
import { clearWebhookDisabled } from './disabledNotice';
import { webhookUrlProblem } from './urlGuard';

/**
 * A merchant org's webhook endpoints (docs/webhooks.md "Endpoints"): its managers list, create,
 * change, rotate and delete the endpoints of the selected org, and no one else's (another org's
 * answers 404). The signing secret is answered twice only: when the endpoint is made and when it
 * is rotated; it is kept as it is, since it signs (./delivery.ts).
 */

/** A new secret: `whsec_` and base64 of 32 random bytes (the Standard Webhooks format). */
export const newWebhookSecret = (): string => `${WEBHOOK_SECRET_MARK}${randomBytes(WEBHOOK_SECRET_BYTES).toString('base64')}`;

const ownEndpoints = (db: Db, caller: Caller) =>
  db
    .selectFrom('webhookEndpoint')
    .leftJoin('appUser as creator', 'creator.id', 'webhookEndpoint.createdBy')
    .where('webhookEndpoint.orgId', '=', caller.org.orgId);

// Never `secret` nor `previous_secret`: the answer is serialised from these columns alone.
const columns = [
  'webhookEndpoint.id',
  'webhookEndpoint.orgId',
  'webhookEndpoint.url',
  'webhookEndpoint.events',
  'webhookEndpoint.enabled',
  'webhookEndpoint.description',
  'creator.account as createdBy',
  'webhookEndpoint.createdAt',
  'webhookEndpoint.updatedAt',
  'webhookEndpoint.previousSecretUntil',
  'webhookEndpoint.failingSince',
  'webhookEndpoint.disabledAt',
  'webhookEndpoint.disabledReason',
] as const;

const sortColumns = sortByColumns('webhook_endpoint', ['id', 'url', 'createdAt']);

/** GET /sys/webhook/list: the selected org's endpoints, newest first by default. */
export async function listWebhooks(db: Db, caller: Caller, query: WebhookListQuery): Promise<ListResult<WebhookRecordInput>> {
  let filtered = ownEndpoints(db, caller);
  if (query.enabled !== undefined) filtered = filtered.where('webhookEndpoint.enabled', '=', query.enabled);
  return pageOfColumns(filtered, query, columns, { sortColumns, defaultSort: 'id', tieBreaker: 'webhook_endpoint.id' }) as Promise<
    ListResult<WebhookRecordInput>
  >;
}

/** GET /sys/webhook/detail: one endpoint of the selected org (another org's answers 404). */
export async function findWebhook(db: Db, caller: Caller, id: number): Promise<WebhookRecordInput> {
  return ownEndpoints(db, caller)
    .select(columns)
    .where('webhookEndpoint.id', '=', id)
    .executeTakeFirstOrThrow(() => notFound('Webhook endpoint')) as Promise<WebhookRecordInput>;
}

async function checkUrl(context: ServerContext, url: string): Promise<void> {
  const problem = await webhookUrlProblem(url, context.config.chainMode);
  if (problem) throw fieldError('url', problem);
}

/** POST /sys/webhook/save: a new endpoint of the selected org; the answer carries its secret, this once. */
export async function createWebhook(context: ServerContext, caller: Caller, body: WebhookBody): Promise<WebhookRecordInput> {
  await checkUrl(context, body.url);
  const secret = newWebhookSecret();
  const now = context.now();
  // The answer is read inside the transaction that wrote it (docs/DECISIONS.md "Idempotency and honest answers").
  const record = await context.db.transaction().execute(async (trx) => {
    const { id } = await trx
      .insertInto('webhookEndpoint')
      .values({ orgId: caller.org.orgId, ...body, secret, createdBy: caller.userId, createdAt: now, updatedAt: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    return findWebhook(trx, caller, id);
  });
  return { ...record, secret };
}

/** POST /sys/webhook/update: its URL, events, state and description; the secret stays. */
export async function updateWebhook(context: ServerContext, caller: Caller, body: WebhookUpdateBody): Promise<WebhookRecordInput> {
  const { id, ...fields } = body;
  await checkUrl(context, fields.url);
  return context.db.transaction().execute(async (trx) => {
    const before = await findWebhook(trx, caller, id);
    // Turned back on: its failing is over until an attempt fails again, and the loop's reason goes.
    const reenabled = fields.enabled && !before.enabled ? { failingSince: null, disabledAt: null, disabledReason: null } : {};
    await trx
      .updateTable('webhookEndpoint')
      .set({ ...fields, ...reenabled, updatedAt: context.now() })
      .where('id', '=', id)
      .where('orgId', '=', caller.org.orgId)
      .execute();
    if (fields.enabled && !before.enabled) await clearWebhookDisabled(trx, id);
    return findWebhook(trx, caller, id);
  });
}

/** POST /sys/webhook/delete/{id}: the endpoint and its deliveries; its events stay in the outbox. */
export async function deleteWebhook(db: Db, caller: Caller, id: number): Promise<WebhookRecordInput> {
  return db.transaction().execute(async (trx) => {
    const record = await findWebhook(trx, caller, id);
    await trx.deleteFrom('webhookEndpoint').where('id', '=', id).where('orgId', '=', caller.org.orgId).execute();
    await clearWebhookDisabled(trx, id);
    return record;
  });
}

/**
 * POST /sys/webhook/rotate/{id}: a new secret, answered this once; the one it replaces keeps
 * signing beside it for 24 hours (docs/webhooks.md "Rotating the secret"), so a receiver can
 * switch without losing a delivery. A second rotation within the window drops the oldest.
 */
export async function rotateWebhookSecret(db: Db, caller: Caller, id: number, now: Date): Promise<WebhookRecordInput> {
  const secret = newWebhookSecret();
  const record = await db.transaction().execute(async (trx) => {
    await findWebhook(trx, caller, id);
    await trx
      .updateTable('webhookEndpoint')
      .set((eb) => ({
        previousSecret: eb.ref('secret'),
        previousSecretUntil: new Date(now.getTime() + WEBHOOK_ROTATION_WINDOW_MS),
        secret,
        updatedAt: now,
      }))
      .where('id', '=', id)
      .where('orgId', '=', caller.org.orgId)
      .execute();
    return findWebhook(trx, caller, id);
  });
  return { ...record, secret };
}

/** Deliveries as the log shows them, with their event's type, time and payload. */
const deliveryRows = (db: Db) =>
  db
    .selectFrom('webhookDelivery')
    .innerJoin('webhookEvent', 'webhookEvent.id', 'webhookDelivery.eventId')
    .select([
      'webhookDelivery.id',
      'webhookDelivery.msgId',
      'webhookEvent.type',
      'webhookDelivery.status',
      'webhookDelivery.attempts',
      'webhookDelivery.lastStatus',
      'webhookDelivery.lastError',
      'webhookEvent.createdAt',
      'webhookDelivery.lastAttemptAt',
      'webhookDelivery.nextAttemptAt',
      'webhookDelivery.deliveredAt',
      'webhookEvent.payload',
    ]);

/** GET /sys/webhook/deliveries?id=: the endpoint's latest 50 deliveries, newest first (the show page's log). */
export async function webhookDeliveriesOf(db: Db, caller: Caller, id: number): Promise<{ list: WebhookDeliveryRecordInput[] }> {
  await findWebhook(db, caller, id);
  const list = await deliveryRows(db)
    .where('webhookDelivery.endpointId', '=', id)
    .orderBy('webhookDelivery.id', 'desc')
    .limit(50)
    .execute();
  return { list };
}

/** The selected org's endpoints, by id: what makes another org's endpoint or delivery unknown (404). */
const ownEndpointIds = (db: Db, caller: Caller) => db.selectFrom('webhookEndpoint').select('id').where('orgId', '=', caller.org.orgId);

/**
 * POST /sys/webhook/resend/{id}: a delivered or failed delivery goes back to pending, due now, with
 * the same `webhook-id` (docs/webhooks.md "Sending a delivery again"): its attempts count from 0
 * again. One statement decides, so two clicks make one attempt set, and a pending delivery (waiting
 * for its next attempt or being attempted under its lease) is refused 409, as is one of an endpoint
 * that is off. Audited as the endpoint's `webhookResend`.
 */
export async function resendWebhookDelivery(db: Db, caller: Caller, id: number, now: Date): Promise<WebhookDeliveryRecordInput> {
  return db.transaction().execute(async (trx) => {
    const resent = await trx
      .updateTable('webhookDelivery')
      .set({ status: 'pending', attempts: 0, nextAttemptAt: now, deliveredAt: null })
      .where('id', '=', id)
      .where('status', 'in', ['delivered', 'failed'])
      .where('endpointId', 'in', ownEndpointIds(trx, caller).where('enabled', '=', true))
      .returning(['endpointId', 'msgId'])
      .executeTakeFirst();
    if (!resent) {
      const found = await trx
        .selectFrom('webhookDelivery')
        .innerJoin('webhookEndpoint', 'webhookEndpoint.id', 'webhookDelivery.endpointId')
        .select(['webhookDelivery.status', 'webhookEndpoint.enabled'])
        .where('webhookDelivery.id', '=', id)
        .where('webhookEndpoint.orgId', '=', caller.org.orgId)
        .executeTakeFirstOrThrow(() => notFound('Webhook delivery'));
      throw conflict(found.enabled ? 'api.webhookDeliveryPending' : 'api.webhookEndpointDisabled');
    }
    await recordAuditEvent(trx, {
      action: 'webhookResend',
      entity: 'webhook',
      entityId: String(resent.endpointId),
      after: { delivery: String(id), msgId: resent.msgId },
    });
    return deliveryRows(trx).where('webhookDelivery.id', '=', id).executeTakeFirstOrThrow();
  });
}

/**
 * POST /sys/webhook/test/{id}: a `webhook.test` event for this endpoint alone, due now and sent by
 * the loop as any other (docs/webhooks.md "Sending a test event"); refused 409 while the endpoint
 * is off. Audited as the endpoint's `webhookTest`.
 */
export async function sendWebhookTest(db: Db, caller: Caller, id: number, now: Date): Promise<WebhookDeliveryRecordInput> {
  return db.transaction().execute(async (trx) => {
    const endpoint = await findWebhook(trx, caller, id);
    if (!endpoint.enabled) throw conflict('api.webhookEndpointDisabled');
    const deliveryId = await emitWebhookTest(trx, { id, orgId: caller.org.orgId, url: endpoint.url }, now);
    const delivery = await deliveryRows(trx).where('webhookDelivery.id', '=', deliveryId).executeTakeFirstOrThrow();
    await recordAuditEvent(trx, {
      action: 'webhookTest',
      entity: 'webhook',
      entityId: String(id),
      after: { delivery: String(deliveryId), msgId: delivery.msgId },
    });
    return delivery;
  });
}

/**
 * GET /sys/webhook/failing: /home's panel (docs/webhooks.md "A failing endpoint"). The selected
 * org's endpoints whose last attempt failed (on) or that the loop turned off; answered to those who
 * may manage them (`webhook.manage`), an empty list to anyone else, so the server alone decides.
 */
export async function failingWebhooksOf(db: Db, caller: Caller): Promise<{ list: FailingWebhookInput[] }> {
  if (!may(caller.roleIndex, 'webhook.manage')) return { list: [] };
  const list = await db
    .selectFrom('webhookEndpoint')
    .select(['id', 'url', 'enabled', 'failingSince', 'disabledAt', 'disabledReason'])
    .where('orgId', '=', caller.org.orgId)
    .where((eb) => eb.or([eb.and([eb('enabled', '=', true), eb('failingSince', 'is not', null)]), eb('disabledAt', 'is not', null)]))
    .orderBy('id')
    .execute();
  return { list };
}

/*
 * The resource's actions, by the names the declaration's module service is read by
 * (src/resources/webhook/resource.ts, server/modules/declared/moduleService.ts); the rotation and
 * the delivery log are verbs (src/contract/verbs/webhook.ts).
 */
export const list = (context: ServerContext, input: { caller: Caller; query: WebhookListQuery }) =>
  listWebhooks(context.db, input.caller, input.query);
export const detail = (context: ServerContext, input: { caller: Caller; id: number }) => findWebhook(context.db, input.caller, input.id);
export const save = (context: ServerContext, input: { caller: Caller; body: WebhookBody }) =>
  createWebhook(context, input.caller, input.body);
export const update = (context: ServerContext, input: { caller: Caller; body: WebhookUpdateBody }) =>
  updateWebhook(context, input.caller, input.body);
export const remove = (context: ServerContext, input: { caller: Caller; id: number }) => deleteWebhook(context.db, input.caller, input.id);
// A secret that signs for the org: its creation asks a fresh second factor when enrolled, as an API
// key's does (docs/DECISIONS.md "Two-factor authentication and step-up"); so does a URL change, since it
// decides where the org's payments are told.
export const stepUp = { save: true, update: true } as const;

/** One line per action for the API's document. */
export const crudNotes = {
  summaries: {
    list: 'The selected merchant org’s webhook endpoints: URL, events, enabled; never the secret',
    detail: 'One webhook endpoint, without its secret',
    save: 'Create a webhook endpoint: the answer’s `secret` signs its deliveries, shown this once',
    update: 'Change an endpoint’s URL, events, state or description (the secret stays)',
    remove: 'Delete an endpoint and its delivery log',
  },
} as const;
