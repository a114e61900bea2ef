import type { FastifyInstance } from 'fastify';
import { ApiPath } from '../../../src/contract/apiPaths';
import { chainWalletBody, chainWalletListQuery, chainWalletUpdateBody } from '../../../src/contract/schemas/chainWallet';
import { detailQuery } from '../../../src/contract/schemas/listQuery';
import { combine, masks } from '../../../src/access';
import type { ServerContext } from '../../http/serverContext';
import { defineRoute } from '../../http/route';
import { pathId } from '../../http/pathId';
import { deleteWallet, findWallet, listWallets, saveWallet, updateWallet } from './service';

/** Who may reach the write endpoints at all; the wallet's org and kind decide the rest (walletAccess.ts). */
const WRITERS = combine(masks.operator, masks.allManagers);

/** Chain wallets: every role reads those of its tenant scope (docs/roles-and-routes.md). */
export function registerChainWalletRoutes(app: FastifyInstance, context: ServerContext): void {
  const { db } = context;
  const paths = ApiPath.chainWallet;

  defineRoute(app, context, {
    method: 'GET',
    path: paths.list,
    access: masks.all,
    query: chainWalletListQuery,
    handler: async ({ caller, query }) => listWallets(db, caller, query),
  });

  defineRoute(app, context, {
    method: 'GET',
    path: paths.detail,
    access: masks.all,
    query: detailQuery,
    handler: async ({ caller, query }) => findWallet(db, caller, query.id),
  });

  defineRoute(app, context, {
    method: 'POST',
    path: paths.save,
    access: WRITERS,
    body: chainWalletBody,
    handler: async ({ caller, body }) => saveWallet(db, caller, body, context.now()),
  });

  defineRoute(app, context, {
    method: 'POST',
    path: paths.update,
    access: WRITERS,
    body: chainWalletUpdateBody,
    handler: async ({ caller, body }) => updateWallet(db, caller, body, context.now()),
  });

  defineRoute(app, context, {
    method: 'POST',
    path: paths.delete,
    access: WRITERS,
    handler: async ({ caller, params }) => deleteWallet(db, caller, pathId(params)),
  });
}
