import { ACTIONS } from '../../access';
import { declareResource } from '../engine/declare';

/**
 * The selected org's address book (docs/DECISIONS.md "Transaction policy"): named
 * destinations every member reads and its managers write. A new entry counts as "in the
 * book" for the policy only from its "active from" (the org's change delay); an edit renames,
 * the address itself is set once. The whole resource is this file; its server side is
 * server/modules/addressBook/service.ts (README "A resource with its own service"). Its audit events
 * stay `addressBook`: the trail names the table, not the route.
 */
export default declareResource({
  name: 'address-book',
  route: { path: '/address-book', group: 'all' },
  icon: { lazy: () => import('@mui/icons-material/Contacts') },
  menuGroup: 'money',
  api: { module: 'addressBook' },
  chainScoped: true,
  fields: [
    { source: 'label', kind: 'text', required: true, sortable: true },
    { source: 'chainId', kind: 'reference', reference: 'chain', required: true, inForm: 'create', sortable: true },
    { source: 'address', kind: 'address', required: true, inForm: 'create' },
    { source: 'memo', kind: 'text', inList: false },
    { source: 'active', kind: 'boolean', inForm: false, filterable: true },
    { source: 'activeFrom', kind: 'dateTime', inForm: false, sortable: true, help: 'resources.address-book.help.activeFrom' },
    { source: 'createdBy', kind: 'text', inForm: false, inList: false },
    { source: 'createdAt', kind: 'dateTime', inForm: false, inList: false, sortable: true },
    // Search only: a label or an address.
    { source: 'q', kind: 'text', inForm: false, inList: false, inShow: false, filterable: 'alwaysOn' },
  ],
  schema: () =>
    import('../../contract/schemas/addressBook').then((m) => ({
      create: m.addressBookBody,
      update: m.addressBookUpdateBody,
      list: m.addressBookListQuery,
      record: m.addressBookRecord,
    })),
  access: { create: ACTIONS['addressBook.write'], edit: ACTIONS['addressBook.write'], delete: ACTIONS['addressBook.write'] },
  list: { sort: { field: 'label', order: 'ASC' } },
  recordRepresentation: 'label',
});
