import { orderRepairVerbs } from '../../../src/contract/verbs/orderRepair';
import { serveVerbs } from '../../http/verbs';
import { lookUpOrder, recreditOrder } from './service';
import { recheckOrder } from './recheck';
import { pollChain } from '../deposit/watcher';

/**
 * Order repair (/order-repair, "all except agent", docs/roles-and-routes.md): look an order up; re-check it on
 * chain (the operator row, a merchant's managers and finance); the operator row re-credits. Audited.
 */
export const registerOrderRepairRoutes = serveVerbs(orderRepairVerbs, (_app, context) => {
  const { db } = context;
  // Both repairs read the order's chain first (docs/chains.md "Deposits").
  const readChain = (chainId: number) => pollChain(db, context.chains, chainId, context.now());
  return {
    order: async ({ caller, query }) => lookUpOrder(db, caller, query.q, context.now()),
    recredit: async ({ caller, body }) => recreditOrder(db, caller, body, context.now(), readChain),
    recheck: async ({ caller, body, t }) => recheckOrder(db, caller, body.orderId, context.now(), t, readChain),
  };
});
