import { ApiPath } from '../apiPaths';
import { defineVerbs } from '../verb';
import { refundOrderQuery, refundRunBody, refundView } from '../schemas/orderRefund';

/**
 * Refunding an overpaid order's excess (docs/payments.md "Refunding an overpaid order's excess"): an
 * order of the selected merchant org as a refund sees it, and the refund itself, out of the order's own
 * address through the intent log (its gas topped up from the platform). Its money staff; shown on
 * /order-repair.
 */
export const orderRefundVerbs = defineVerbs({
  order: {
    method: 'GET',
    path: ApiPath.orderRefund.order,
    summary: 'An order of the selected merchant org as a refund of its excess sees it: its state, excess, payer and refund',
    access: 'order.refund',
    query: refundOrderQuery,
    /** Null: no order of the selected org with an address of its own has that id (another org's is never shown). */
    response: refundView.nullable(),
  },
  run: {
    method: 'POST',
    path: ApiPath.orderRefund.run,
    summary: "Refund an overpaid order's excess (the server's amount) to an address, once per order",
    access: 'order.refund',
    body: refundRunBody,
    response: refundView,
    stepUp: true,
  },
});
