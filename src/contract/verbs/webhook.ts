import { ApiPath } from '../apiPaths';
import { defineVerbs } from '../verb';
import { webhookDeliveries, webhookDeliveriesQuery, webhookRecord } from '../schemas/webhook';

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
    summary: 'An endpoint’s latest 50 deliveries, newest first: event, state, attempts, last answer',
    access: 'webhook.manage',
    query: webhookDeliveriesQuery,
    response: webhookDeliveries,
  },
});
