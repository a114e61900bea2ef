/**
 * Webhooks (docs/webhooks.md): what the console, the server and the tests agree on, free of zod
 * (the declaration imports it). The events are listed here once.
 */

/**
 * The events an endpoint may ask for: the ones the server writes today (docs/webhooks.md
 * "Events"). An order event's type is the order's new state (src/contract/orderState.ts).
 */
export const WEBHOOK_EVENTS = [
  'order.created',
  'order.paid',
  'order.underpaid',
  'order.overpaid',
  'order.paid_late',
  'order.expired',
  'refund.executed',
  'withdrawal.executed',
  'proposal.needs_approval',
  'proposal.executed',
  'proposal.denied',
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENTS)[number];

export const isWebhookEvent = (value: unknown): value is WebhookEventType => WEBHOOK_EVENTS.includes(value as WebhookEventType);

/**
 * The event a manager sends to one endpoint from its page (docs/webhooks.md "Sending a test
 * event"): never asked for, so not one of WEBHOOK_EVENTS, and written for that endpoint alone.
 */
export const WEBHOOK_TEST_EVENT = 'webhook.test';
/** Any event's type as a receiver gets it: one it asked for, or a test. */
export type WebhookSentType = WebhookEventType | typeof WEBHOOK_TEST_EVENT;

/**
 * How long an endpoint may fail before the delivery loop turns it off: every attempt failed, no
 * 2xx, for 5 days (docs/DECISIONS.md "Webhooks: sending again, test events, turning off a failing endpoint").
 */
export const WEBHOOK_AUTO_DISABLE_MS = 5 * 86_400_000;

/** A signing secret as Standard Webhooks writes it: `whsec_` and base64 of the key's bytes. */
export const WEBHOOK_SECRET_MARK = 'whsec_';
/** Random bytes per secret: 32 (Standard Webhooks asks for 24 to 64). */
export const WEBHOOK_SECRET_BYTES = 32;
/** `whsec_` and base64 (with its padding) of 32 bytes: 44 characters. */
export const WEBHOOK_SECRET_FORMAT = /^whsec_[A-Za-z0-9+/]{43}=$/;

/** How long the secret before a rotation still signs beside the new one (docs/webhooks.md "Rotating the secret"). */
export const WEBHOOK_ROTATION_WINDOW_MS = 24 * 3_600_000;

/** States of one event's delivery to one endpoint. */
export const WEBHOOK_DELIVERY_STATES = ['pending', 'delivered', 'failed'] as const;

/** The app bar's notice to an endpoint's managers that the delivery loop turned it off (docs/webhooks.md "A failing endpoint"). */
export const WEBHOOK_DISABLED_NOTICE = 'webhook.disabled';
