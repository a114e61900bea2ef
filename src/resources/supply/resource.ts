import { ACTIONS } from '../../access';
import { movementScreen } from '../movement/movementDeclaration';

/**
 * Supplies (/supply, std and pro merchants and the operator): cold funds moved into the same
 * org's hot wallet, for the roles of `supply.create` (src/access/policy.ts); served by
 * server/modules/movement/service.ts.
 */
export default movementScreen(
  'supply',
  { path: '/supply', group: 'stdProOperator' },
  { lazy: () => import('@mui/icons-material/MoveDown') },
  ACTIONS['supply.create'],
);
