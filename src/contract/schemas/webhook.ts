import { z } from 'zod';
import { isWebhookEvent, WEBHOOK_DELIVERY_STATES, WEBHOOK_EVENTS } from '../webhook';
import { listQuery, queryBoolean } from './listQuery';
import { isoInstant } from './response';

/** A URL a webhook can be sent to at all: http(s), no credentials. Which hosts are allowed is the server's check (docs/webhooks.md "Endpoints"). */
const webUrlShape = (raw: string) => {
  if (!URL.canParse(raw)) return false;
  const parsed = new URL(raw);
  return (parsed.protocol === 'https:' || parsed.protocol === 'http:') && !parsed.username && !parsed.password;
};
// The shape is checked here, with the other fields, so one answer names every field that is wrong.
const url = z.string().trim().min(1, { error: 'validation.required' }).max(2000).refine(webUrlShape, { message: 'validation.webhookUrl' });
// One message on `events` itself, naming the events there are, whichever entry is wrong.
const events = z
  .array(z.string(), { error: 'validation.required' })
  .min(1, { error: 'validation.required' })
  .refine((list) => list.every(isWebhookEvent), { message: 'validation.oneOf', params: { values: WEBHOOK_EVENTS.join(', ') } })
  .transform((list) => WEBHOOK_EVENTS.filter((event) => list.includes(event)));
const description = z.string().trim().max(200).default('');

/**
 * Body of POST /sys/webhook/save: the URL (https; docs/webhooks.md "Endpoints" says which
 * addresses are refused), at least one event, and whether it is on.
 */
export const webhookBody = z.object({ url, events, enabled: z.boolean().default(true), description });
export type WebhookBody = z.infer<typeof webhookBody>;

/** Body of POST /sys/webhook/update: the same fields, by id; the secret changes only by rotation. */
export const webhookUpdateBody = webhookBody.extend({ id: z.coerce.number().int().positive() });
export type WebhookUpdateBody = z.infer<typeof webhookUpdateBody>;

export const webhookSortable = ['id', 'url', 'createdAt'] as const;
export const webhookListQuery = listQuery(webhookSortable, {
  enabled: queryBoolean.optional(),
});
export type WebhookListQuery = z.infer<typeof webhookListQuery>;

/**
 * An endpoint as the API answers it: never its secret, except `secret` in the answers of its
 * creation and of a rotation (shown once; the server keeps it to sign with).
 */
export const webhookRecord = z.object({
  id: z.number(),
  orgId: z.number(),
  url: z.string(),
  events: z.array(z.enum(WEBHOOK_EVENTS)),
  enabled: z.boolean(),
  description: z.string(),
  createdBy: z.string().nullable(),
  createdAt: isoInstant,
  updatedAt: isoInstant,
  /** Until when the secret before the last rotation still signs, or null. */
  previousSecretUntil: isoInstant.nullable(),
  /** The first failed attempt since the last 2xx, or null (docs/webhooks.md "A failing endpoint"). */
  failingSince: isoInstant.nullable(),
  /** Turned off by the delivery loop after 5 days of failing: when and why; null otherwise. */
  disabledAt: isoInstant.nullable(),
  disabledReason: z.string().nullable(),
  /** The whole secret: in the answers of save and rotate only, never again. */
  secret: z.string().optional(),
});
export type WebhookRecord = z.output<typeof webhookRecord>;
export type WebhookRecordInput = z.input<typeof webhookRecord>;

/** GET /sys/webhook/deliveries: an endpoint's latest deliveries, newest first. */
export const webhookDeliveriesQuery = z.object({ id: z.coerce.number().int().positive() });

export const webhookDeliveryRecord = z.object({
  id: z.number(),
  msgId: z.string(),
  type: z.string(),
  status: z.enum(WEBHOOK_DELIVERY_STATES),
  attempts: z.number(),
  lastStatus: z.number().nullable(),
  lastError: z.string().nullable(),
  createdAt: isoInstant,
  lastAttemptAt: isoInstant.nullable(),
  nextAttemptAt: isoInstant,
  deliveredAt: isoInstant.nullable(),
  /** The body every attempt sends (`{type, timestamp, data}`, docs/webhooks.md "Payload"). */
  payload: z.unknown(),
});
export const webhookDeliveries = z.object({ list: z.array(webhookDeliveryRecord) });
export type WebhookDeliveryRecord = z.output<typeof webhookDeliveryRecord>;
export type WebhookDeliveryRecordInput = z.input<typeof webhookDeliveryRecord>;

/** One endpoint /home names to its org's managers: failing now, or turned off for failing. */
export const failingWebhook = z.object({
  id: z.number(),
  url: z.string(),
  enabled: z.boolean(),
  failingSince: isoInstant.nullable(),
  disabledAt: isoInstant.nullable(),
  disabledReason: z.string().nullable(),
});
export const failingWebhooks = z.object({ list: z.array(failingWebhook) });
export type FailingWebhook = z.output<typeof failingWebhook>;
export type FailingWebhookInput = z.input<typeof failingWebhook>;
