import ContactsIcon from '@mui/icons-material/Contacts';
import { defineResource } from '../engine';
import { RESOURCE_ACCESS } from '../../access';

/**
 * The selected org's address book (docs/DECISIONS.md "Transaction policy"): named
 * destinations every member reads and its managers write. A new entry counts as "in the
 * book" for the policy only from its "active from" (the org's change delay); an edit renames,
 * the address itself is set once.
 */
export const addressBook = defineResource({
  name: 'address-book',
  route: '/address-book',
  icon: ContactsIcon,
  menuGroup: 'money',
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
  schema: () => import('../../contract/schemas/addressBook').then((m) => ({ create: m.addressBookBody, update: m.addressBookUpdateBody })),
  access: RESOURCE_ACCESS.addressBook,
  list: { sort: { field: 'label', order: 'ASC' } },
  recordRepresentation: 'label',
});
