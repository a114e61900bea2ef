import { ACTIONS } from '../../access';
import { declareResource } from '../engine/declare';

/**
 * A merchant org's API keys (/api-key, its managers alone; docs/api.md "Merchant API keys",
 * docs/roles-and-routes.md): a key has a name and scopes, is shown once when created (then only
 * its prefix), and is revoked, never edited or deleted; its last use is shown. Keys authenticate
 * the merchant API (/api/v1) only, never the console's /sys calls. Its server side is
 * server/modules/apiKey/service.ts (README "A resource with its own service"); `remove` revokes,
 * on `/sys/api-key/revoke/{id}`.
 */
export default declareResource({
  name: 'api-key',
  route: { path: '/api-key', group: 'merchantManagers' },
  icon: { lazy: () => import('@mui/icons-material/VpnKey') },
  menuGroup: 'settings',
  api: { module: 'apiKey' },
  endpoints: { delete: '/sys/api-key/revoke/{id}' },
  fields: [
    { source: 'name', kind: 'text', required: true, maxLength: 100, sortable: true },
    { source: 'prefix', kind: 'text', inForm: false },
    { source: 'scopes', kind: 'list', inForm: false, itemText: (item) => String(item) },
    { source: 'createdBy', kind: 'text', inForm: false },
    { source: 'createdAt', kind: 'dateTime', inForm: false, sortable: true },
    { source: 'lastUsedAt', kind: 'dateTime', inForm: false, sortable: true },
    {
      source: 'status',
      kind: 'enum',
      choices: ['active', 'revoked'].map((id) => ({ id, name: `resources.api-key.status.${id}` })),
      inForm: false,
    },
    { source: 'revokedAt', kind: 'dateTime', inForm: false, inList: false },
    { source: 'revokedBy', kind: 'text', inForm: false, inList: false },
  ],
  schema: () =>
    import('../../contract/schemas/apiKey').then((m) => ({
      create: m.apiKeyBody,
      list: m.apiKeyListQuery,
      record: m.apiKeyRecord,
    })),
  access: { create: ACTIONS['apiKey.manage'], delete: ACTIONS['apiKey.manage'] },
  views: { create: () => import('./ApiKeyCreate'), show: () => import('./ApiKeyShow') },
  list: { sort: { field: 'id', order: 'DESC' } },
  recordRepresentation: 'name',
});
