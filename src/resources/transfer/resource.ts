import { ACTIONS } from '../../access';
import { movementScreen } from '../movement/movementDeclaration';

/**
 * Transfers (/transfer, every role reads): money out of one of the org's wallets to an address,
 * for the roles of `transfer.create` (src/access/policy.ts). The whole screen is this file; its
 * server side is server/modules/movement/service.ts, which serves the five movement screens on one
 * API (README "A resource with its own service").
 */
export default movementScreen(
  'transfer',
  { path: '/transfer', group: 'all' },
  { lazy: () => import('@mui/icons-material/Send') },
  ACTIONS['transfer.create'],
);
