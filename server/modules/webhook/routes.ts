import { webhookVerbs } from '../../../src/contract/verbs/webhook';
import { serveVerbs } from '../../http/verbs';
import { pathId } from '../../http/pathId';
import { rotateWebhookSecret, webhookDeliveriesOf } from './service';

/** A webhook endpoint's rotation and delivery log (docs/webhooks.md); its CRUD is the declaration's. */
export const registerWebhookRoutes = serveVerbs(webhookVerbs, (_app, context) => ({
  rotate: async ({ caller, params }) => rotateWebhookSecret(context.db, caller, pathId(params), context.now()),
  deliveries: async ({ caller, query }) => webhookDeliveriesOf(context.db, caller, query.id),
}));
