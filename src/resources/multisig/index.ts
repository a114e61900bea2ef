import DrawIcon from '@mui/icons-material/Draw';
import { masks } from '../../access';
import { ApiPath } from '../../contract/apiPaths';
import { defineResource } from '../engine';

/**
 * /multisig: custom views (a Safe-style queue, a timeline). Starting is open to every
 * role of the route; the server decides per wallet kind. Proposals are never edited
 * or deleted: they change only through approval, deny and confirm.
 */
export const multisig = defineResource({
  name: 'multisig',
  route: '/multisig',
  icon: DrawIcon,
  menuGroup: 'money',
  // Proposals are keyed by proposalId (SPEC A3); create = start.
  endpoints: { list: ApiPath.sign.list, detail: ApiPath.sign.detail, save: ApiPath.sign.start },
  idField: 'proposalId',
  detailIdParam: 'proposalId',
  fields: [],
  access: { create: masks.excludeLite },
  views: {
    list: () => import('./MultisigQueue'),
    show: () => import('./ProposalShow'),
    create: () => import('./StartProposal'),
  },
});
