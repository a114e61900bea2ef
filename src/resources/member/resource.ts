import { ApiPath } from '../../contract/apiPaths';
import { mayManageMembers } from '../../contract/memberRules';
import { ACTIONS } from '../../access';
import { declareResource } from '../engine/declare';

/**
 * Members of the selected org (/member, every role; docs/roles-and-routes.md): who they are and their
 * role there. The org's managers (superAdmin for any org) change a member's role among
 * those the org's tier has, and remove members; the server keeps a manager, refuses
 * removing oneself or a wallet signer. The list follows the org switcher (X-Org-Id). The whole
 * resource is this file; its server side is server/modules/member/service.ts, its invitations and
 * role list routes.ts there (README "A resource with its own service").
 */
export default declareResource({
  name: 'member',
  route: { path: '/member', group: 'all' },
  icon: { lazy: () => import('@mui/icons-material/People') },
  menuGroup: 'orgs',
  api: { module: 'member' },
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
  schema: () =>
    import('../../contract/schemas/member').then((m) => ({
      update: m.memberUpdateBody,
      list: m.memberListQuery,
      detail: m.memberDetailQuery,
      record: m.memberRecord,
    })),
  access: { edit: ACTIONS['member.manage'], delete: ACTIONS['member.manage'] },
  recordAccess: (record, actor) => mayManageMembers(actor, Number(record.orgId)),
  // A manager who changed their own role: the console follows the new role at once.
  ownAccountField: 'account',
  views: { show: false },
  list: { sort: { field: 'roleLevel', order: 'ASC' }, summary: () => import('./MemberInvitations') },
  recordRepresentation: 'account',
});
