import { masks } from '../../access';
import { declareResource } from '../engine/declare';

/**
 * Who to reach at an organisation, and for what: the people the platform calls about a
 * suspicious withdrawal (security), a missing settlement (finance), an integration fault
 * (technical) or day-to-day operations. Every member of the org reads them; its managers keep
 * them. Operators read every org's contacts, an agent its own and its merchants'; each org
 * writes only its own.
 *
 * This file is the whole resource: the console's list, forms and menu entry, and the server's
 * endpoints, validation and access, all come from it (README "Adding a resource"); its table
 * is server/db/migrations/023_org_contact.ts.
 */
export default declareResource({
  name: 'org-contact',
  route: { path: '/org-contact', group: 'all' },
  icon: { lazy: () => import('@mui/icons-material/ContactPhone') },
  menuGroup: 'orgs',
  api: {
    table: 'org_contact',
    tenancy: 'org',
    maxRows: 50,
    // One address, one spelling: the platform's mail goes to what the list shows.
    beforeSave: (values) => (typeof values.email === 'string' ? { ...values, email: values.email.toLowerCase() } : values),
  },
  fields: [
    { source: 'name', kind: 'text', required: true, maxLength: 100, sortable: true, filterable: 'alwaysOn' },
    {
      source: 'role',
      kind: 'enum',
      choices: ['security', 'finance', 'technical', 'operations'].map((id) => ({ id, name: `resources.org-contact.choices.role.${id}` })),
      required: true,
      default: 'security',
      sortable: true,
      filterable: true,
    },
    { source: 'email', kind: 'text', format: 'email', required: true, maxLength: 254, sortable: true },
    { source: 'phone', kind: 'text', format: 'phone', maxLength: 40 },
    { source: 'outOfHours', kind: 'boolean', default: false, filterable: true, help: 'resources.org-contact.help.outOfHours' },
    { source: 'notes', kind: 'text', multiline: true, maxLength: 500, inList: false, fullWidth: true },
    { source: 'updatedAt', kind: 'dateTime', inForm: false, sortable: true },
  ],
  access: { create: masks.allManagers, edit: masks.allManagers, delete: masks.allManagers },
  list: { sort: { field: 'name', order: 'ASC' } },
  recordRepresentation: 'name',
  translations: {
    'en-US': {
      name: { one: 'Contact', other: 'Contacts' },
      fields: {
        name: 'Name',
        role: 'Reach for',
        email: 'Email',
        phone: 'Phone',
        outOfHours: 'Out of hours',
        notes: 'Notes',
        updatedAt: 'Updated',
      },
      more: {
        'help.outOfHours': 'May be called outside office hours about an urgent matter',
        'choices.role.security': 'Security',
        'choices.role.finance': 'Finance',
        'choices.role.technical': 'Technical',
        'choices.role.operations': 'Operations',
      },
    },
    'zh-CN': {
      name: '联系人',
      fields: {
        name: '姓名',
        role: '负责事项',
        email: '邮箱',
        phone: '电话',
        outOfHours: '非工作时间',
        notes: '备注',
        updatedAt: '更新时间',
      },
      more: {
        'help.outOfHours': '紧急事项可在非工作时间联系',
        'choices.role.security': '安全',
        'choices.role.finance': '财务',
        'choices.role.technical': '技术',
        'choices.role.operations': '运营',
      },
    },
  },
});
