import { getAddress } from 'viem';
import { checkoutVerbs } from '../../../src/contract/verbs/checkout';
import { serveVerbs } from '../../http/verbs';
import { perMinute } from '../../http/rateLimit';
import { notFound } from '../../http/apiError';
import { originOf } from '../../http/requestOrigin';
import { depositSeed } from '../../chain/depositKeys';
import { checkoutOrderOf, checkoutPayLinkOf, faucetFor, orderThroughLink, simulatePayment } from './service';

/** A checkout or pay-link code as the platform makes them (base64url); anything else is no such page. */
const CODE = /^[A-Za-z0-9_-]{1,64}$/;
const codeOf = (params: Record<string, string>, what: string): string => {
  const code = params.code ?? '';
  if (!CODE.test(code)) throw notFound(what);
  return code;
};

/**
 * The payer's side (docs/payments.md "Checkout"): public, no sign-in, limited per client
 * address. A page polls its order every 2 s (30 a minute); starting orders through links and the
 * devnet's faucet and simulated payments are rarer, and each order makes an address in the books, so they are limited harder.
 */
export const registerCheckoutRoutes = serveVerbs(checkoutVerbs, (_app, context) => {
  const seed = () => depositSeed(context.config.depositSeed, context.config.dataDir);
  return {
    order: {
      config: { rateLimit: perMinute(120) },
      handler: ({ params }) => checkoutOrderOf(context.db, context.chains, codeOf(params, 'Order'), context.now()),
    },
    payLink: {
      config: { rateLimit: perMinute(120) },
      handler: ({ params }) => checkoutPayLinkOf(context.db, codeOf(params, 'Pay link')),
    },
    payLinkOrder: {
      config: { rateLimit: perMinute(20) },
      handler: ({ params, body, request }) =>
        orderThroughLink(context.db, codeOf(params, 'Pay link'), body, { now: context.now(), seed, origin: originOf(request) }),
    },
    faucet: {
      config: { rateLimit: perMinute(5) },
      handler: ({ params, body }) =>
        faucetFor(context.db, context.chains, codeOf(params, 'Order'), getAddress(body.address), context.now()),
    },
    // The faucet's limit: the devnet's other way of paying an order.
    simulatePayment: {
      config: { rateLimit: perMinute(5) },
      handler: ({ params, body }) => simulatePayment(context.db, context.chains, codeOf(params, 'Order'), body, context.now()),
    },
  };
});
