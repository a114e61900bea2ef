import ManageSearchIcon from '@mui/icons-material/ManageSearch';
import { ApiPath } from '../../contract/apiPaths';
import { AUDIT_ACTIONS, AUDIT_ENTITIES } from '../../contract/audit';
import { declaredResources } from '../declared';
import { defineResource } from '../engine';
import { isGenericApi } from '../engine/types';
import { auditEntityKey } from './auditValues';

/**
 * /audit-log (docs/DECISIONS.md "Audit trail"): who changed what, when and from where, read-only;
 * the operator row sees every org, a manager their org (an agent manager also its merchants).
 * Days in a time zone as the reports pick them; a row opens its before → after in a drawer;
 * Export saves the whole filtered set with before and after as JSON.
 */
export const auditLog = defineResource({
  name: 'audit-log',
  route: '/audit-log',
  icon: ManageSearchIcon,
  menuGroup: 'settings',
  endpoints: { list: ApiPath.auditLog.list, detail: ApiPath.auditLog.detail, export: ApiPath.auditLog.export },
  fields: [
    // The start of an account name: a filter only (the actor column shows name and account).
    { source: 'actor', kind: 'text', filterable: 'alwaysOn', inList: false, inShow: false, inForm: false },
    { source: 'createdAt', kind: 'dateTime', sortable: true },
    { source: 'actorAccount', kind: 'text', display: () => import('./ActorField') },
    { source: 'orgName', kind: 'text' },
    // A proposal's event reads as its step ("Approved", "Executed"), not "Changed".
    {
      source: 'action',
      kind: 'enum',
      choices: AUDIT_ACTIONS.map((a) => ({ id: a, name: `auditLog.action.${a}` })),
      filterable: 'alwaysOn',
      display: () => import('./AuditActionField'),
    },
    {
      source: 'entity',
      kind: 'enum',
      // A declared resource's table is audited under its name, shown by the resource's own name.
      choices: [...AUDIT_ENTITIES, ...declaredResources.filter((d) => isGenericApi(d.api)).map((d) => d.name)].map((e) => ({
        id: e,
        name: auditEntityKey(e),
      })),
      filterable: 'alwaysOn',
    },
    // A proposal is named by wallet and nonce, as everywhere (src/contract/proposalReference.ts); other records by their key.
    { source: 'entityId', kind: 'text', display: () => import('./AuditRecordField') },
    { source: 'clientAddress', kind: 'text' },
    { source: 'before', kind: 'text', inList: false },
    { source: 'after', kind: 'text', inList: false },
    { source: 'userAgent', kind: 'text', inList: false },
    { source: 'requestId', kind: 'text', inList: false },
    { source: 'route', kind: 'text', inList: false },
  ],
  views: { show: false },
  list: {
    sort: { field: 'createdAt', order: 'DESC' },
    summary: () => import('./AuditLogSummary'),
    empty: () => import('../reports/ReportEmpty'),
    rowDrawer: () => import('./AuditEventDrawer'),
  },
});
