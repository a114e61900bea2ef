import { mayWritePayLink } from '../../contract/payLink';
import { ACTIONS } from '../../access';
import { declareResource } from '../engine/declare';

/**
 * Pay links (/pay-link, all except agents; docs/roles-and-routes.md): a merchant's managers and finance
 * create links of their own org in a currency of the selected chain, with a fixed
 * amount or none (the payer chooses), and disable them; a link that took orders stays.
 * Each link shows the URL its payers open, with a copy button and a QR code. The whole resource is
 * this file; its server side is server/modules/payLink/service.ts (README "A resource with its own
 * service"). Its audit events stay `payLink`: the trail names the table, not the route.
 */
export default declareResource({
  name: 'pay-link',
  route: { path: '/pay-link', group: 'excludeAgent' },
  icon: { lazy: () => import('@mui/icons-material/AddLink') },
  menuGroup: 'money',
  api: { module: 'payLink' },
  chainScoped: true,
  fields: [
    { source: 'title', kind: 'text', required: true, sortable: true, filterable: 'alwaysOn' },
    // What the merchant hands the payer: the link's URL, to copy or show as a QR code.
    { source: 'code', kind: 'text', inForm: false, display: () => import('./PayLinkAddress') },
    { source: 'chainId', kind: 'reference', reference: 'chain', required: true, inForm: 'create', inList: false },
    { source: 'currencyId', kind: 'reference', reference: 'currency', required: true, inForm: 'create', inList: false },
    { source: 'symbol', kind: 'text', inForm: false },
    {
      source: 'amount',
      kind: 'amount',
      decimals: { currency: 'currencyId' },
      emptyText: 'resources.pay-link.openAmount',
      help: 'resources.pay-link.help.amount',
    },
    { source: 'enabled', kind: 'boolean', default: true, sortable: true, filterable: true },
    { source: 'paidCount', kind: 'number', inForm: false },
    { source: 'paidTotal', kind: 'amount', inForm: false },
    { source: 'orgName', kind: 'text', inForm: false },
    { source: 'createdAt', kind: 'dateTime', sortable: true, inForm: false, inList: false },
  ],
  schema: () =>
    import('../../contract/schemas/payLink').then((m) => ({
      create: m.payLinkBody,
      update: m.payLinkUpdateBody,
      list: m.payLinkListQuery,
      record: m.payLinkRecord,
    })),
  access: { create: ACTIONS['payLink.write'], edit: ACTIONS['payLink.write'], delete: ACTIONS['payLink.write'] },
  recordAccess: (record, actor) => mayWritePayLink(actor, { orgId: Number(record.orgId) }),
  recordActions: () => import('./PayLinkShareAction'),
  list: { sort: { field: 'id', order: 'DESC' } },
  recordRepresentation: 'title',
});
