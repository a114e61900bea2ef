import { ledgerVerbs } from '../../../src/contract/verbs/ledger';
import { serveVerbs } from '../../http/verbs';
import { verifyLedger } from './verify';
import { reconcileSafes } from './chainReconcile';
import { reconcileBalances } from './balanceReconcile';

/** The books' invariants, for the operator row: the whole platform's ledger, every org. */
export const registerLedgerRoutes = serveVerbs(ledgerVerbs, (_app, context) => ({
  verify: async () => {
    const books = await verifyLedger(context.db, context.now());
    const chain = [
      ...(await reconcileSafes(context.db, context.chains)),
      ...(await reconcileBalances(context.db, context.chains, context.now())),
    ];
    return { ...books, balanced: books.balanced && chain.length === 0, breaks: [...books.breaks, ...chain] };
  },
}));
