import type { FastifyInstance } from 'fastify';
import { ApiPath } from '../../../src/contract/apiPaths';
import { RESOURCE_ACCESS } from '../../../src/access';
import { chainWalletBody, chainWalletListQuery, chainWalletRecord, chainWalletUpdateBody } from '../../../src/contract/schemas/chainWallet';
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
    record: chainWalletRecord,
    list: {
      query: chainWalletListQuery,
      summary: 'The wallets in the caller’s tenancy scope, with signers and balances, filtered, sorted and paged',
      handler: async ({ caller, query }) => listWallets(db, caller, query),
    },
    detail: { summary: 'One wallet, with its signers and balances', handler: async ({ caller, id }) => findWallet(db, caller, id) },
    create: {
      body: chainWalletBody,
      summary: 'Add a wallet (a multisig one with its signers and threshold)',
      handler: async ({ caller, body }) => saveWallet(db, context.chains, caller, body, context.now()),
    },
    update: {
      body: chainWalletUpdateBody,
      summary: 'Rename a wallet (signers and threshold change only by governance proposal)',
      handler: async ({ caller, body }) => updateWallet(db, caller, body, context.now()),
    },
    delete: {
      summary: 'Delete an unfunded wallet nothing refers to: answers the deleted record',
      handler: async ({ caller, id }) => deleteWallet(db, caller, id),
    },
  });
}
