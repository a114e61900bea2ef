import PeopleIcon from '@mui/icons-material/People';
import { defineResource } from '../engine';

/**
 * Members of the selected org (SPEC B6 /member, every role): who they are and their
 * role there. Read-only for now; inviting, changing roles and removing come with the
 * invitation flow. The list follows the org switcher (the server reads X-Org-Id).
 */
export const member = defineResource({
  name: 'member',
  route: '/member',
  icon: PeopleIcon,
  menuGroup: 'orgs',
  idField: 'userId',
  fields: [
    { source: 'account', kind: 'text', sortable: true, filterable: 'alwaysOn' },
    { source: 'userName', kind: 'text', sortable: true, filterable: true },
    {
      source: 'roleLabel',
      kind: 'enum',
      choices: [
        { id: 'manager', name: 'role.manager' },
        { id: 'finance', name: 'role.finance' },
        { id: 'employee', name: 'role.employee' },
      ],
    },
    { source: 'createdAt', kind: 'dateTime', sortable: true },
  ],
  views: { show: false },
  list: { sort: { field: 'roleLevel', order: 'ASC' } },
  recordRepresentation: 'account',
});
