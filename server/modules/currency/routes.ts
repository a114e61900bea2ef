import { currencyVerbs } from '../../../src/contract/verbs/currency';
import { serveVerbs } from '../../http/verbs';
import { availableSymbols, listLegalTenders } from './service';

/**
 * The currencies' lists beyond CRUD (their CRUD is the declaration's, src/resources/currency/resource.ts):
 * the legal tenders and the symbols a chain does not have yet, read by whoever reads currencies.
 */
export const registerCurrencyRoutes = serveVerbs(currencyVerbs, (_app, { db }) => ({
  legalTenders: async () => listLegalTenders(db),
  symbolsAvailable: async ({ query }) => availableSymbols(db, query.chainId),
}));
