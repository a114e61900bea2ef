import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { ApiPath } from '../../../src/contract/apiPaths';
import { merchantOrderBody, merchantOrderListQuery, merchantOrderRecord } from '../../../src/contract/schemas/merchantOrder';
import { defineRoute } from '../../http/route';
import type { ServerContext } from '../../http/serverContext';
import { bearerToken } from '../../http/caller';
import { idempotencyKeyOf } from '../../http/idempotency';
import { perMinute } from '../../http/rateLimit';
import { pathId } from '../../http/pathId';
import { depositSeed } from '../../chain/depositKeys';
import { createOrder, findOrder, ordersByReference } from './service';

/** Calls a minute per API key (docs/payments.md "Rate limits"), whichever instances they reach. */
const ORDER_CALLS_PER_MINUTE = 600;

/** The limit counts per key presented (its hash: the key itself is never a store's key). */
const perKey = (request: FastifyRequest) =>
  `key:${createHash('sha256')
    .update(bearerToken(request) ?? request.ip)
    .digest('hex')}`;

const originOf = (request: FastifyRequest) => `${request.protocol}://${request.host}`;

/** The merchant API's orders (docs/payments.md "The merchant API"): created and read with an API key. */
export function registerMerchantOrderRoutes(app: FastifyInstance, context: ServerContext): void {
  const config = { rateLimit: perMinute(ORDER_CALLS_PER_MINUTE, perKey) };
  const seed = () => depositSeed(context.config.depositSeed, context.config.dataDir);

  defineRoute(app, context, {
    method: 'POST',
    path: ApiPath.merchant.orders,
    summary: 'Create an order with its own deposit address',
    access: 'public',
    merchantKey: 'orders:write',
    body: merchantOrderBody,
    response: merchantOrderRecord,
    config,
    handler: ({ merchantKey, body, request }) =>
      createOrder(context.db, merchantKey, {
        body,
        idempotencyKey: idempotencyKeyOf(request),
        now: context.now(),
        seed,
        origin: originOf(request),
      }),
  });

  defineRoute(app, context, {
    method: 'GET',
    path: ApiPath.merchant.order,
    summary: 'One order of the key’s org',
    access: 'public',
    merchantKey: 'orders:read',
    response: merchantOrderRecord,
    config,
    handler: ({ merchantKey, params, request }) => findOrder(context.db, merchantKey, pathId(params), originOf(request), context.now()),
  });

  defineRoute(app, context, {
    method: 'GET',
    path: ApiPath.merchant.orders,
    summary: 'The orders with a merchant reference',
    access: 'public',
    merchantKey: 'orders:read',
    query: merchantOrderListQuery,
    response: z.array(merchantOrderRecord),
    config,
    handler: ({ merchantKey, query, request }) =>
      ordersByReference(context.db, merchantKey, query.reference, originOf(request), context.now()),
  });
}
