import type { FastifyInstance } from 'fastify';
import { ApiPath } from '../../../src/contract/apiPaths';
import { symbolAvailableQuery, knownSymbol, legalTenderRecord } from '../../../src/contract/schemas/currency';
import { listResult } from '../../../src/contract/schemas/response';
import { resourceAccessOf } from '../../../src/resources/engine/resourceAccess';
import currency from '../../../src/resources/currency/resource';
import type { ServerContext } from '../../http/serverContext';
import { defineRoute } from '../../http/route';
import { availableSymbols, listLegalTenders } from './service';

/**
 * The currencies' lists beyond CRUD (their CRUD is the declaration's, src/resources/currency/resource.ts):
 * the legal tenders and the symbols a chain does not have yet, read by whoever reads currencies.
 */
export function registerCurrencyRoutes(app: FastifyInstance, context: ServerContext): void {
  const { db } = context;
  const paths = ApiPath.currency;
  const { read } = resourceAccessOf(currency);
  defineRoute(app, context, {
    method: 'GET',
    path: paths.legalTenderList,
    access: read,
    response: listResult(legalTenderRecord),
    handler: async () => listLegalTenders(db),
  });
  defineRoute(app, context, {
    method: 'GET',
    path: paths.symbolAvailable,
    access: read,
    query: symbolAvailableQuery,
    response: listResult(knownSymbol),
    handler: async ({ query }) => availableSymbols(db, query.chainId),
  });
}
