import { ApiPath } from '../apiPaths';
import { defineVerbs } from '../verb';
import { orderLookupQuery, orderRepairView, recheckBody, recheckView, recreditBody } from '../schemas/orderRepair';

/**
 * Order repair (/order-repair, docs/roles-and-routes.md): look an order up; re-check it on chain
 * (the operator row, a merchant's managers and finance); the operator row re-credits. Audited.
 */
export const orderRepairVerbs = defineVerbs({
  order: {
    method: 'GET',
    path: ApiPath.orderRepair.order,
    summary: 'Look an order up for repair',
    access: 'order.lookup',
    query: orderLookupQuery,
    response: orderRepairView,
  },
  recredit: {
    method: 'POST',
    path: ApiPath.orderRepair.recredit,
    summary: 'Re-credit an order after reading its chain (the operator row; audited)',
    access: 'order.recredit',
    body: recreditBody,
    response: orderRepairView,
  },
  recheck: {
    method: 'POST',
    path: ApiPath.orderRepair.recheck,
    summary: 'Re-check an order on its chain (audited)',
    access: 'order.recheck',
    body: recheckBody,
    response: recheckView,
  },
});
