import { ApiPath } from '../apiPaths';
import { defineVerbs } from '../verb';
import { failingWebhooks, webhookDeliveries, webhookDeliveriesQuery, webhookDeliveryRecord, webhookRecord } from '../schemas/webhook';

const paths = ApiPath.webhook;

/** A webhook endpoint's verbs beyond its CRUD (docs/webhooks.md): its managers alone. */
export const webhookVerbs = defineVerbs({
  rotate: {
    method: 'POST',
    path: paths.rotate,
    summary: 'A new signing secret, answered this once; the old one keeps signing beside it for 24 hours',
    access: 'webhook.manage',
    response: webhookRecord,
    // A secret that signs for the org, as its creation (docs/DECISIONS.md "Two-factor authentication and step-up").
    stepUp: true,
  },
  deliveries: {
    method: 'GET',
    path: paths.deliveries,
    summary: 'An endpoint’s latest 50 deliveries, newest first: event, state, attempts, last answer, payload',
    access: 'webhook.manage',
    query: webhookDeliveriesQuery,
    response: webhookDeliveries,
  },
  resend: {
    method: 'POST',
    path: paths.resend,
    summary: 'Send a delivered or failed delivery again, due now, with the same webhook-id (a receiver deduplicates on it)',
    access: 'webhook.manage',
    response: webhookDeliveryRecord,
  },
  test: {
    method: 'POST',
    path: paths.test,
    summary: 'Write a `webhook.test` event for this endpoint alone, delivered as any other',
    access: 'webhook.manage',
    response: webhookDeliveryRecord,
  },
  failing: {
    method: 'GET',
    path: paths.failing,
    // Every member asks (/home); the server answers the endpoints to the org's managers alone.
    summary: 'The selected org’s endpoints failing now or turned off for failing: for its managers, empty for anyone else',
    access: 'member',
    response: failingWebhooks,
  },
});
