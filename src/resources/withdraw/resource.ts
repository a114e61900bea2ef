import { ACTIONS } from '../../access';
import { movementScreen } from '../movement/movementDeclaration';

/**
 * Withdrawals (/withdraw, every role reads): a merchant's money paid out, charged the currency's
 * fee and never to one of our own addresses, for the roles of `withdraw.create`
 * (src/access/policy.ts); served by server/modules/movement/service.ts.
 */
export default movementScreen(
  'withdraw',
  { path: '/withdraw', group: 'all' },
  { lazy: () => import('@mui/icons-material/Outbound') },
  ACTIONS['withdraw.create'],
);
