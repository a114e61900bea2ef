import { INVITATION_DAYS, INVITATION_STATUSES } from '../../contract/invitation';
import { ACTIONS } from '../../access';
import { declareResource } from '../engine/declare';

/**
 * Invitation codes for merchant sign-up (/invitation, agents; docs/roles-and-routes.md): the agent manager
 * names the merchant org, its tier and the account the code is for; the code (and its /signup
 * link) is shown once created. The agent's employees read codes masked. Withdrawing keeps the
 * code, marked withdrawn. The whole resource is this file; its server side is
 * server/modules/invitation/service.ts (README "A resource with its own service").
 */
export default declareResource({
  name: 'invitation',
  route: { path: '/invitation', group: 'agent' },
  icon: { lazy: () => import('@mui/icons-material/ForwardToInbox') },
  menuGroup: 'orgs',
  api: { module: 'invitation' },
  fields: [
    { source: 'code', kind: 'text', inForm: false, filterable: 'alwaysOn' },
    { source: 'orgName', kind: 'text', required: true, sortable: true, filterable: true },
    { source: 'invitee', kind: 'text', required: true, help: 'resources.invitation.help.invitee' },
    {
      source: 'tenantType',
      kind: 'enum',
      choices: [
        { id: 3, name: 'tenant.merchantPro' },
        { id: 5, name: 'tenant.merchantStd' },
        { id: 4, name: 'tenant.merchantLite' },
      ],
      required: true,
      default: 3,
      sortable: true,
    },
    {
      source: 'validDays',
      kind: 'number',
      default: INVITATION_DAYS.default,
      inForm: 'create',
      inList: false,
      inShow: false,
      help: 'resources.invitation.help.validDays',
    },
    {
      source: 'status',
      kind: 'enum',
      choices: INVITATION_STATUSES.map((s) => ({ id: s, name: `resources.invitation.status.${s}` })),
      inForm: false,
      filterable: true,
    },
    { source: 'expiresAt', kind: 'dateTime', inForm: false, sortable: true },
    { source: 'usedBy', kind: 'text', inForm: false },
    { source: 'createdBy', kind: 'text', inForm: false, inList: false },
    { source: 'createdAt', kind: 'dateTime', inForm: false, sortable: true },
  ],
  schema: () =>
    import('../../contract/schemas/invitation').then((m) => ({
      create: m.invitationBody,
      list: m.invitationListQuery,
      record: m.invitationRecord,
    })),
  access: { create: ACTIONS['invitation.issue'], delete: ACTIONS['invitation.issue'] },
  views: { show: () => import('./InvitationShow') },
  create: { redirect: 'show' },
  list: { sort: { field: 'id', order: 'DESC' } },
  recordRepresentation: 'code',
});
