import { ApiPath } from '../apiPaths';
import { defineVerbs } from '../verb';
import { sweepPendingView, sweepRunBody, sweepRunView } from '../schemas/orderSweep';

/**
 * Collecting order payments (docs/payments.md "Collecting order payments"): what waits at the selected
 * merchant org's order addresses, and a run that moves it into the org's hot wallet through the intent
 * log, the gas topped up from the platform. Its money staff; shown on /aggregate.
 */
export const orderSweepVerbs = defineVerbs({
  pending: {
    method: 'GET',
    path: ApiPath.orderSweep.pending,
    summary: "What waits at the selected merchant org's order addresses, per chain and currency",
    access: 'order.sweep',
    response: sweepPendingView,
  },
  run: {
    method: 'POST',
    path: ApiPath.orderSweep.run,
    summary: "Collect what the selected org's order addresses hold on one chain into its hot wallet",
    access: 'order.sweep',
    body: sweepRunBody,
    response: sweepRunView,
    stepUp: true,
  },
});
