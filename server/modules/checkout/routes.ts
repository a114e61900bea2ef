import type { FastifyInstance, FastifyRequest } from 'fastify';
import { getAddress } from 'viem';
import { ApiPath } from '../../../src/contract/apiPaths';
import {
  checkoutOrder,
  checkoutPayLink,
  faucetAnswer,
  faucetBody,
  payLinkOrderAnswer,
  payLinkOrderBody,
} from '../../../src/contract/schemas/checkout';
import { defineRoute } from '../../http/route';
import type { ServerContext } from '../../http/serverContext';
import { perMinute } from '../../http/rateLimit';
import { notFound } from '../../http/apiError';
import { depositSeed } from '../../chain/depositKeys';
import { checkoutOrderOf, checkoutPayLinkOf, faucetFor, orderThroughLink } from './service';

/** A checkout or pay-link code as the platform makes them (base64url); anything else is no such page. */
const CODE = /^[A-Za-z0-9_-]{1,64}$/;
const codeOf = (params: Record<string, string>, what: string): string => {
  const code = params.code ?? '';
  if (!CODE.test(code)) throw notFound(what);
  return code;
};

const originOf = (request: FastifyRequest) => `${request.protocol}://${request.host}`;

/**
 * The payer's side (docs/payments.md "Checkout"): public, no sign-in, limited per client address. A
 * page polls its order every 2 s (30 a minute); starting orders through links and the devnet's faucet
 * are rarer, and each starts an address in the books, so they are limited harder.
 */
export function registerCheckoutRoutes(app: FastifyInstance, context: ServerContext): void {
  const seed = () => depositSeed(context.config.depositSeed, context.config.dataDir);

  defineRoute(app, context, {
    method: 'GET',
    path: ApiPath.checkout.order,
    summary: 'An order as its payer sees it, by its checkout code',
    access: 'public',
    response: checkoutOrder,
    config: { rateLimit: perMinute(120) },
    handler: ({ params }) => checkoutOrderOf(context.db, context.chains, codeOf(params, 'Order'), context.now()),
  });

  defineRoute(app, context, {
    method: 'GET',
    path: ApiPath.checkout.payLink,
    summary: 'A pay link as its payer sees it',
    access: 'public',
    response: checkoutPayLink,
    config: { rateLimit: perMinute(120) },
    handler: ({ params }) => checkoutPayLinkOf(context.db, codeOf(params, 'Pay link')),
  });

  defineRoute(app, context, {
    method: 'POST',
    path: ApiPath.checkout.payLinkOrder,
    summary: 'Start paying a pay link: an order with its own address',
    access: 'public',
    body: payLinkOrderBody,
    response: payLinkOrderAnswer,
    config: { rateLimit: perMinute(20) },
    handler: ({ params, body, request }) =>
      orderThroughLink(context.db, codeOf(params, 'Pay link'), body, { now: context.now(), seed, origin: originOf(request) }),
  });

  defineRoute(app, context, {
    method: 'POST',
    path: ApiPath.checkout.faucet,
    summary: 'Devnet mode: test coins for paying this order',
    access: 'public',
    body: faucetBody,
    response: faucetAnswer,
    config: { rateLimit: perMinute(5) },
    handler: ({ params, body }) => faucetFor(context.db, context.chains, codeOf(params, 'Order'), getAddress(body.address), context.now()),
  });
}
