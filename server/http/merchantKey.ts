import type { FastifyRequest } from 'fastify';
import type { ApiKeyScope } from '../../src/contract/apiKey';
import { findActiveKey, stampKeyUse } from '../modules/apiKey/lookup';
import { bearerToken } from './caller';
import { forbidden, unauthorized } from './apiError';
import type { ServerContext } from './serverContext';

/** A merchant API call's key: whose org it acts for, and what it may do. */
export interface MerchantKey {
  keyId: number;
  orgId: number;
  prefix: string;
  scopes: readonly ApiKeyScope[];
}

/**
 * The key a merchant API call presents (`Authorization: Bearer ck_…`), looked up on every call so a
 * revocation is refused at once on every instance (docs/payments.md "The merchant API"). No key, an
 * unknown or revoked one: 401; a key without the route's scope: 403. A console session token is no
 * key, and a key is no session (server/http/caller.ts): neither opens the other's routes.
 */
export async function admitMerchantKey(context: ServerContext, request: FastifyRequest, scope: ApiKeyScope): Promise<MerchantKey> {
  const presented = bearerToken(request);
  const key = presented ? await findActiveKey(context.db, presented, context.now()) : null;
  if (!key) throw unauthorized('api.apiKeyInvalid');
  if (!key.scopes.includes(scope)) throw forbidden('api.apiKeyScope');
  await stampKeyUse(context.db, key.id, context.now());
  return { keyId: key.id, orgId: key.orgId, prefix: key.prefix, scopes: key.scopes };
}
