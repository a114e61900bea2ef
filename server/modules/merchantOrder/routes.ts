import { createHash } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { merchantOrderVerbs } from '../../../src/contract/verbs/merchantOrder';
import { serveVerbs } from '../../http/verbs';
import { bearerToken } from '../../http/caller';
import { idempotencyKeyOf } from '../../http/idempotency';
import { perMinute } from '../../http/rateLimit';
import { pathId } from '../../http/pathId';
import { depositSeed } from '../../chain/depositKeys';
import { originOf } from '../../http/requestOrigin';
import { createOrder, findOrder, ordersByReference } from './service';

/** Calls a minute per API key (docs/payments.md "The merchant API"), whichever instances they reach. */
const ORDER_CALLS_PER_MINUTE = 600;

/** The limit counts per key presented (its hash: the key itself is never a store's key). */
const perKey = (request: FastifyRequest) =>
  `key:${createHash('sha256')
    .update(bearerToken(request) ?? request.ip)
    .digest('hex')}`;

/** The merchant API's orders (docs/payments.md "The merchant API"): created and read with an API key. */
export const registerMerchantOrderRoutes = serveVerbs(merchantOrderVerbs, (_app, context) => {
  const config = { rateLimit: perMinute(ORDER_CALLS_PER_MINUTE, perKey) };
  const seed = () => depositSeed(context.config.depositSeed, context.config.dataDir);
  return {
    create: {
      config,
      handler: ({ merchantKey, body, request }) =>
        createOrder(context.db, merchantKey, {
          body,
          idempotencyKey: idempotencyKeyOf(request),
          now: context.now(),
          seed,
          origin: originOf(request),
        }),
    },
    detail: {
      config,
      handler: ({ merchantKey, params, request }) => findOrder(context.db, merchantKey, pathId(params), originOf(request), context.now()),
    },
    byReference: {
      config,
      handler: ({ merchantKey, query, request }) =>
        ordersByReference(context.db, merchantKey, query.reference, originOf(request), context.now()),
    },
  };
});
