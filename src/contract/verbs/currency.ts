import { ApiPath } from '../apiPaths';
import { defineVerbs } from '../verb';
import { knownSymbol, legalTenderRecord, symbolAvailableQuery } from '../schemas/currency';
import { listResult } from '../schemas/response';
/** The currencies' lists beyond CRUD (their CRUD is the declaration's), read by whoever reads currencies. */
export const currencyVerbs = defineVerbs({
  legalTenders: {
    method: 'GET',
    path: ApiPath.currency.legalTenderList,
    summary: 'The legal tenders a currency may be priced in',
    access: 'reference.read',
    response: listResult(legalTenderRecord),
  },
  symbolsAvailable: {
    method: 'GET',
    path: ApiPath.currency.symbolAvailable,
    summary: 'The known symbols a chain has no currency for yet',
    access: 'reference.read',
    query: symbolAvailableQuery,
    response: listResult(knownSymbol),
  },
});
