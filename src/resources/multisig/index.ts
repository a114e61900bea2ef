import DrawIcon from '@mui/icons-material/Draw';
import { ACTIONS } from '../../access';
import { ApiPath } from '../../contract/apiPaths';
import { defineResource } from '../engine';
import { queueRead } from './queueRead';

/**
 * /multisig: custom views (a Safe-style queue, a timeline). A money proposal is a movement
 * out of a multisig wallet, so starting one is offered to the writers of some movement kind
 * (a kind's outsider gets 403 from the server, which signs out); the form offers only their
 * kinds, and the server decides per wallet. A signer change starts from the wallet instead.
 * Proposals are never edited or deleted: they change only through approval, deny and confirm.
 * Its export is the sign log: every action on every proposal in scope.
 */
export const multisig = defineResource({
  name: 'multisig',
  route: '/multisig',
  icon: DrawIcon,
  menuGroup: 'money',
  // Proposals are keyed by proposalId (docs/api.md); create = start.
  endpoints: { list: ApiPath.sign.list, detail: ApiPath.sign.detail, save: ApiPath.sign.start, export: ApiPath.sign.logExport },
  idField: 'proposalId',
  detailIdParam: 'proposalId',
  fields: [],
  access: { create: ACTIONS['movement.start'] },
  views: {
    list: () => import('./MultisigQueue'),
    show: () => import('./ProposalShow'),
    create: () => import('./StartProposal'),
  },
  // The queue (the tab a fresh page opens on) shows its first rows from this read.
  firstRead: queueRead,
});
