import type { FastifyInstance } from 'fastify';
import { ApiPath } from '../../../src/contract/apiPaths';
import { RESOURCE_ACCESS } from '../../../src/access';
import {
  currencyBody,
  currencyListQuery,
  currencyRecord,
  currencyUpdateBody,
  symbolAvailableQuery,
} from '../../../src/contract/schemas/currency';
import type { ServerContext } from '../../http/serverContext';
import { defineRoute } from '../../http/route';
import { registerCrudRoutes } from '../../http/crudRoutes';
import { availableSymbols, deleteCurrency, findCurrency, listCurrencies, listLegalTenders, saveCurrency, updateCurrency } from './service';
import { knownSymbol, legalTenderRecord } from '../../../src/contract/schemas/currency';
import { listResult } from '../../../src/contract/schemas/response';

/** Currencies (docs/roles-and-routes.md): every signed-in role reads them; only the operator row changes them. */
export function registerCurrencyRoutes(app: FastifyInstance, context: ServerContext): void {
  const { db } = context;
  const paths = ApiPath.currency;
  const access = RESOURCE_ACCESS.currency;

  registerCrudRoutes(app, context, {
    paths,
    access,
    record: currencyRecord,
    // The same for every caller: remembered while the reference feed is live.
    list: {
      query: currencyListQuery,
      cache: 'reference',
      summary: 'The currencies, filtered, sorted and paged',
      handler: async ({ query }) => listCurrencies(db, query),
    },
    detail: { summary: 'One currency', handler: async ({ id }) => findCurrency(db, id) },
    create: {
      body: currencyBody,
      summary: 'Add a currency (unique symbol, contract and native coin per chain)',
      handler: async ({ body }) => saveCurrency(db, body, context.now()),
    },
    update: {
      body: currencyUpdateBody,
      summary: 'Change a currency (its symbol, chain, contract and decimals only while nothing uses it)',
      handler: async ({ body }) => updateCurrency(db, body, context.now()),
    },
    delete: { summary: 'Delete a currency nothing uses: answers the deleted record', handler: async ({ id }) => deleteCurrency(db, id) },
  });

  defineRoute(app, context, {
    method: 'GET',
    path: paths.legalTenderList,
    access: access.read,
    response: listResult(legalTenderRecord),
    handler: async () => listLegalTenders(db),
  });
  defineRoute(app, context, {
    method: 'GET',
    path: paths.symbolAvailable,
    access: access.read,
    query: symbolAvailableQuery,
    response: listResult(knownSymbol),
    handler: async ({ query }) => availableSymbols(db, query.chainId),
  });
}
