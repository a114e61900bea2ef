import type { FastifyInstance } from 'fastify';
import { ApiPath } from '../../../src/contract/apiPaths';
import { RESOURCE_ACCESS } from '../../../src/contract/resourceAccess';
import { chainWalletBody, chainWalletListQuery, chainWalletUpdateBody } from '../../../src/contract/schemas/chainWallet';
import type { ServerContext } from '../../http/serverContext';
import { registerCrudRoutes } from '../../http/crudRoutes';
import { deleteWallet, findWallet, listWallets, saveWallet, updateWallet } from './service';

/**
 * Chain wallets: every role reads those of its tenant scope (docs/roles-and-routes.md); the
 * writers' mask lets managers and the operator row in, the wallet's org and kind decide the rest
 * (walletAccess.ts).
 */
export function registerChainWalletRoutes(app: FastifyInstance, context: ServerContext): void {
  const { db } = context;
  registerCrudRoutes(app, context, {
    paths: ApiPath.chainWallet,
    access: RESOURCE_ACCESS.chainWallet,
    list: { query: chainWalletListQuery, handler: async ({ caller, query }) => listWallets(db, caller, query) },
    detail: { handler: async ({ caller, id }) => findWallet(db, caller, id) },
    create: { body: chainWalletBody, handler: async ({ caller, body }) => saveWallet(db, caller, body, context.now()) },
    update: { body: chainWalletUpdateBody, handler: async ({ caller, body }) => updateWallet(db, caller, body, context.now()) },
    delete: { handler: async ({ caller, id }) => deleteWallet(db, caller, id) },
  });
}
