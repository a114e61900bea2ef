import DrawIcon from '@mui/icons-material/Draw';
import { masks } from '../../access';
import { lazyScreen } from '../../shell/loading/lazyScreen';

/**
 * /multisig: custom views (a Safe-style queue, a timeline). Starting is open to every
 * role of the route; the server decides per wallet kind. Proposals are never edited
 * or deleted: they change only through approval, deny and confirm.
 */
export const multisig = {
  name: 'multisig',
  icon: DrawIcon,
  list: lazyScreen<object>(() => import('./MultisigQueue')),
  show: lazyScreen<object>(() => import('./ProposalShow')),
  create: lazyScreen<object>(() => import('./StartProposal')),
  actionMasks: { create: masks.excludeLite, edit: 0n, delete: 0n },
};
