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
  'proposal.needs_approval',
  'proposal.executed',
  'proposal.denied',
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENTS)[number];

export const isWebhookEvent = (value: unknown): value is WebhookEventType => WEBHOOK_EVENTS.includes(value as WebhookEventType);

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
