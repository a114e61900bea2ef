import { z } from 'zod';
import { ApiPath } from '../apiPaths';
import { defineVerbs } from '../verb';
import { merchantOrderBody, merchantOrderListQuery, merchantOrderRecord } from '../schemas/merchantOrder';

/** The merchant API's orders (docs/payments.md "The merchant API"): called with an API key, never a session. */
export const merchantOrderVerbs = defineVerbs({
  create: {
    method: 'POST',
    path: ApiPath.merchant.orders,
    summary: 'Create an order with its own deposit address',
    access: 'public',
    merchantKey: 'orders:write',
    body: merchantOrderBody,
    response: merchantOrderRecord,
  },
  detail: {
    method: 'GET',
    path: ApiPath.merchant.order,
    summary: 'One order of the key’s org',
    access: 'public',
    merchantKey: 'orders:read',
    response: merchantOrderRecord,
  },
  byReference: {
    method: 'GET',
    path: ApiPath.merchant.orders,
    summary: 'The orders with a merchant reference',
    access: 'public',
    merchantKey: 'orders:read',
    query: merchantOrderListQuery,
    response: z.array(merchantOrderRecord),
  },
});
