import type { FastifyInstance } from 'fastify';
import { ApiPath } from '../../../src/contract/apiPaths';
import type { ServerContext } from '../../http/serverContext';
import { defineRoute } from '../../http/route';
import { verifyLedger } from './verify';
import { reconcileSafes } from './chainReconcile';
import { reconcileBalances } from './balanceReconcile';
import { ledgerVerifyResult } from '../../../src/contract/schemas/ledger';

/** The books' invariants, for the operator row: the whole platform's ledger, every org. */
export function registerLedgerRoutes(app: FastifyInstance, context: ServerContext): void {
  defineRoute(app, context, {
    method: 'GET',
    path: ApiPath.ledger.verify,
    access: 'ledger.verify',
    response: ledgerVerifyResult,
    handler: async () => {
      const books = await verifyLedger(context.db, context.now());
      const chain = [
        ...(await reconcileSafes(context.db, context.chains)),
        ...(await reconcileBalances(context.db, context.chains, context.now())),
      ];
      return { ...books, balanced: books.balanced && chain.length === 0, breaks: [...books.breaks, ...chain] };
    },
  });
}
