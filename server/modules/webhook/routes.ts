import { webhookVerbs } from '../../../src/contract/verbs/webhook';
import { serveVerbs } from '../../http/verbs';
import { pathId } from '../../http/pathId';
import { failingWebhooksOf, resendWebhookDelivery, rotateWebhookSecret, sendWebhookTest, webhookDeliveriesOf } from './service';

/** A webhook endpoint's rotation, delivery log, sending again, test event and /home's failing endpoints (docs/webhooks.md); its CRUD is the declaration's. */
export const registerWebhookRoutes = serveVerbs(webhookVerbs, (_app, context) => ({
  rotate: async ({ caller, params }) => rotateWebhookSecret(context.db, caller, pathId(params), context.now()),
  deliveries: async ({ caller, query }) => webhookDeliveriesOf(context.db, caller, query.id),
  resend: async ({ caller, params }) => resendWebhookDelivery(context.db, caller, pathId(params), context.now()),
  test: async ({ caller, params }) => sendWebhookTest(context.db, caller, pathId(params), context.now()),
  failing: async ({ caller }) => failingWebhooksOf(context.db, caller),
}));
