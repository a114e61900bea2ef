import { orderSweepVerbs } from '../../../src/contract/verbs/orderSweep';
import { serveVerbs } from '../../http/verbs';
import { runSweep, waitingToCollect } from './service';

/**
 * Collecting order payments (docs/payments.md "Collecting order payments"), for a merchant's money
 * staff in the selected org: what waits at its order addresses, and a run that collects one chain's.
 */
export const registerOrderSweepRoutes = serveVerbs(orderSweepVerbs, (_app, context) => ({
  pending: async ({ caller }) => waitingToCollect(context.db, caller),
  run: async ({ caller, body, t, request }) =>
    runSweep(
      {
        db: context.db,
        chains: context.chains,
        now: context.now,
        t,
        onFault: (error) =>
          request.log.warn({ err: error }, 'a sweep transfer was recorded and could not be finished now: the resume finishes it'),
      },
      caller,
      body,
    ),
}));
