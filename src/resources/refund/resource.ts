import { ACTIONS } from '../../access';
import { movementScreen } from '../movement/movementDeclaration';

/**
 * Refunds (/refund, every role reads): a paid order's money sent back, never more than is left
 * of it, for the roles of `refund.create` (src/access/policy.ts); served by
 * server/modules/movement/service.ts.
 */
export default movementScreen(
  'refund',
  { path: '/refund', group: 'all' },
  { lazy: () => import('@mui/icons-material/Undo') },
  ACTIONS['refund.create'],
);
