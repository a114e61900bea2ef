import { ACTIONS } from '../../access';
import { declareResource } from '../engine/declare';

/**
 * A merchant org's webhook endpoints (/webhook, its managers alone; docs/webhooks.md,
 * docs/roles-and-routes.md "Webhooks"): a URL, the events it wants, on or off; its signing secret is
 * shown when it is made and when it is rotated, never again. Its show page lists its latest
 * deliveries (with their payload, each sent again on demand) and sends a test event; a failing one
 * is named on /home. Its server side is server/modules/webhook/service.ts (README "A resource with
 * its own service"); the rotation, the delivery log and the rest are verbs (src/contract/verbs/webhook.ts).
 */
export default declareResource({
  name: 'webhook',
  route: { path: '/webhook', group: 'merchantManagers' },
  icon: { lazy: () => import('@mui/icons-material/Webhook') },
  menuGroup: 'settings',
  api: { module: 'webhook' },
  fields: [
    { source: 'url', kind: 'text', required: true, maxLength: 2000, sortable: true },
    { source: 'events', kind: 'list', inForm: false, itemText: (item) => String(item) },
    { source: 'enabled', kind: 'boolean', inForm: false, filterable: true },
    { source: 'description', kind: 'text', inForm: false, inList: false },
    { source: 'createdBy', kind: 'text', inForm: false, inList: false },
    { source: 'createdAt', kind: 'dateTime', inForm: false, sortable: true },
    { source: 'updatedAt', kind: 'dateTime', inForm: false, inList: false },
    { source: 'previousSecretUntil', kind: 'dateTime', inForm: false, inList: false },
    { source: 'failingSince', kind: 'dateTime', inForm: false, inList: false },
    { source: 'disabledAt', kind: 'dateTime', inForm: false, inList: false },
    { source: 'disabledReason', kind: 'text', inForm: false, inList: false },
  ],
  schema: () =>
    import('../../contract/schemas/webhook').then((m) => ({
      create: m.webhookBody,
      update: m.webhookUpdateBody,
      list: m.webhookListQuery,
      record: m.webhookRecord,
    })),
  access: { create: ACTIONS['webhook.manage'], edit: ACTIONS['webhook.manage'], delete: ACTIONS['webhook.manage'] },
  views: { create: () => import('./WebhookCreate'), edit: () => import('./WebhookEdit'), show: () => import('./WebhookShow') },
  list: { sort: { field: 'id', order: 'DESC' } },
  recordRepresentation: 'url',
});
