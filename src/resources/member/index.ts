import PeopleIcon from '@mui/icons-material/People';
import { ApiPath } from '../../contract/apiPaths';
import { mayManageMembers } from '../../contract/memberRules';
import { reloadSession } from '../../authProvider';
import { http } from '../../http';
import { session } from '../../session';
import { defineResource } from '../engine';
import { RESOURCE_ACCESS } from '../../access';

/**
 * Members of the selected org (/member, every role; docs/roles-and-routes.md): who they are and their
 * role there. The org's managers (superAdmin for any org) change a member's role among
 * those the org's tier has, and remove members; the server keeps a manager, refuses
 * removing oneself or a wallet signer. The list follows the org switcher (X-Org-Id).
 */
export const member = defineResource({
  name: 'member',
  route: '/member',
  icon: PeopleIcon,
  menuGroup: 'orgs',
  idField: 'userId',
  fields: [
    { source: 'account', kind: 'text', sortable: true, filterable: 'alwaysOn', inForm: false },
    { source: 'userName', kind: 'text', sortable: true, filterable: true, inForm: false },
    {
      source: 'roleLevel',
      kind: 'enum',
      choices: { path: ApiPath.member.roles, value: 'roleLevel', label: (r) => `role.${String(r.roleLabel)}` },
      required: true,
      inList: false,
      inShow: false,
    },
    {
      source: 'roleLabel',
      inForm: false,
      kind: 'enum',
      choices: [
        { id: 'manager', name: 'role.manager' },
        { id: 'finance', name: 'role.finance' },
        { id: 'employee', name: 'role.employee' },
      ],
    },
    { source: 'createdAt', kind: 'dateTime', sortable: true, inForm: false },
  ],
  schema: () => import('../../contract/schemas/member').then((m) => ({ update: m.memberUpdateBody })),
  access: RESOURCE_ACCESS.member,
  recordAccess: (record, actor) => mayManageMembers(actor, Number(record.orgId)),
  // A manager who changed their own role: the console follows the new role at once.
  afterUpdate: (record) => (record.account === session.get().account ? reloadSession(http) : Promise.resolve()),
  views: { show: false },
  list: { sort: { field: 'roleLevel', order: 'ASC' }, summary: () => import('./MemberInvitations') },
  recordRepresentation: 'account',
});
