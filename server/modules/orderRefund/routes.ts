import { orderRefundVerbs } from '../../../src/contract/verbs/orderRefund';
import { serveVerbs } from '../../http/verbs';
import { refundOrderView, runRefund } from './service';

/**
 * Refunding an overpaid order's excess (docs/payments.md "Refunding an overpaid order's excess"), for a
 * merchant's money staff in the selected org: the order as a refund sees it, and the refund.
 */
export const registerOrderRefundRoutes = serveVerbs(orderRefundVerbs, (_app, context) => ({
  order: async ({ caller, query }) => refundOrderView(context.db, caller, query.orderId, context.now()),
  run: async ({ caller, body, t, request }) =>
    runRefund(
      {
        db: context.db,
        chains: context.chains,
        now: context.now,
        t,
        onFault: (error) => request.log.warn({ err: error }, 'a refund was recorded and could not be finished now: the resume finishes it'),
      },
      caller,
      body,
    ),
}));
