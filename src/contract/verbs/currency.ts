import { ApiPath } from '../apiPaths';
import { defineVerbs } from '../verb';
import { knownSymbol, legalTenderRecord, symbolAvailableQuery } from '../schemas/currency';
import { listResult } from '../schemas/response';
import { resourceAccessOf } from '../../resources/engine/resourceAccess';
import currency from '../../resources/currency/resource';

const { read } = resourceAccessOf(currency);

/** The currencies' lists beyond CRUD (their CRUD is the declaration's), read by whoever reads currencies. */
export const currencyVerbs = defineVerbs({
  legalTenders: {
    method: 'GET',
    path: ApiPath.currency.legalTenderList,
    summary: 'The legal tenders a currency may be priced in',
    access: read,
    response: listResult(legalTenderRecord),
  },
  symbolsAvailable: {
    method: 'GET',
    path: ApiPath.currency.symbolAvailable,
    summary: 'The known symbols a chain has no currency for yet',
    access: read,
    query: symbolAvailableQuery,
    response: listResult(knownSymbol),
  },
});
