import { movementScreen } from '../movement/movementDeclaration';

/**
 * /supply-history: read-only, every supply of the orgs in scope, whatever its status (the
 * supplies of src/resources/supply/resource.ts, without the form); served by
 * server/modules/movement/service.ts.
 */
export default movementScreen(
  'supply',
  { path: '/supply-history', group: 'stdProOperator' },
  { lazy: () => import('@mui/icons-material/History') },
  null,
);
