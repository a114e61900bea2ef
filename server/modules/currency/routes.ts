import type { FastifyInstance } from 'fastify';
import { ApiPath } from '../../../src/contract/apiPaths';
import { currencyBody, currencyListQuery, currencyUpdateBody, symbolAvailableQuery } from '../../../src/contract/schemas/currency';
import { detailQuery } from '../../../src/contract/schemas/listQuery';
import { masks } from '../../../src/access';
import type { ServerContext } from '../../http/serverContext';
import { defineRoute } from '../../http/route';
import { pathId } from '../../http/pathId';
import { availableSymbols, deleteCurrency, findCurrency, listCurrencies, listLegalTenders, saveCurrency, updateCurrency } from './service';

/** Currencies (docs/roles-and-routes.md): every signed-in role reads them; only the operator row changes them. */
export function registerCurrencyRoutes(app: FastifyInstance, context: ServerContext): void {
  const { db } = context;
  const paths = ApiPath.currency;

  defineRoute(app, context, {
    method: 'GET',
    path: paths.list,
    access: masks.all,
    query: currencyListQuery,
    // The same for every caller: remembered while the reference feed is live.
    cache: 'reference',
    handler: async ({ query }) => listCurrencies(db, query),
  });

  defineRoute(app, context, {
    method: 'GET',
    path: paths.detail,
    access: masks.all,
    query: detailQuery,
    handler: async ({ query }) => findCurrency(db, query.id),
  });

  defineRoute(app, context, {
    method: 'GET',
    path: paths.legalTenderList,
    access: masks.all,
    handler: async () => listLegalTenders(db),
  });

  defineRoute(app, context, {
    method: 'GET',
    path: paths.symbolAvailable,
    access: masks.all,
    query: symbolAvailableQuery,
    handler: async ({ query }) => availableSymbols(db, query.chainId),
  });

  defineRoute(app, context, {
    method: 'POST',
    path: paths.save,
    access: masks.operator,
    body: currencyBody,
    handler: async ({ body }) => saveCurrency(db, body, context.now()),
  });

  defineRoute(app, context, {
    method: 'POST',
    path: paths.update,
    access: masks.operator,
    body: currencyUpdateBody,
    handler: async ({ body }) => updateCurrency(db, body, context.now()),
  });

  defineRoute(app, context, {
    method: 'POST',
    path: paths.delete,
    access: masks.operator,
    handler: async ({ params }) => deleteCurrency(db, pathId(params)),
  });
}
