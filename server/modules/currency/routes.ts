import type { FastifyInstance } from 'fastify';
import { ApiPath } from '../../../src/contract/apiPaths';
import { RESOURCE_ACCESS } from '../../../src/contract/resourceAccess';
import { currencyBody, currencyListQuery, currencyUpdateBody, symbolAvailableQuery } from '../../../src/contract/schemas/currency';
import type { ServerContext } from '../../http/serverContext';
import { defineRoute } from '../../http/route';
import { registerCrudRoutes } from '../../http/crudRoutes';
import { availableSymbols, deleteCurrency, findCurrency, listCurrencies, listLegalTenders, saveCurrency, updateCurrency } from './service';

/** Currencies (docs/roles-and-routes.md): every signed-in role reads them; only the operator row changes them. */
export function registerCurrencyRoutes(app: FastifyInstance, context: ServerContext): void {
  const { db } = context;
  const paths = ApiPath.currency;
  const access = RESOURCE_ACCESS.currency;

  registerCrudRoutes(app, context, {
    paths,
    access,
    // The same for every caller: remembered while the reference feed is live.
    list: { query: currencyListQuery, cache: 'reference', handler: async ({ query }) => listCurrencies(db, query) },
    detail: { handler: async ({ id }) => findCurrency(db, id) },
    create: { body: currencyBody, handler: async ({ body }) => saveCurrency(db, body, context.now()) },
    update: { body: currencyUpdateBody, handler: async ({ body }) => updateCurrency(db, body, context.now()) },
    delete: { handler: async ({ id }) => deleteCurrency(db, id) },
  });

  defineRoute(app, context, { method: 'GET', path: paths.legalTenderList, access: access.read, handler: async () => listLegalTenders(db) });
  defineRoute(app, context, { method: 'GET', path: paths.symbolAvailable, access: access.read, query: symbolAvailableQuery, handler: async ({ query }) => availableSymbols(db, query.chainId) });
}
