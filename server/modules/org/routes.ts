import type { FastifyInstance } from 'fastify';
import { ApiPath } from '../../../src/contract/apiPaths';
import { orgListQuery } from '../../../src/contract/schemas/org';
import { detailQuery } from '../../../src/contract/schemas/listQuery';
import { masks } from '../../../src/access';
import type { ServerContext } from '../../http/serverContext';
import { defineRoute } from '../../http/route';
import { findOrg, listOrgs } from './service';

/** Orgs (a tree, docs/roles-and-routes.md): every role reads those of its tenancy scope; creating orgs is not offered yet. */
export function registerOrgRoutes(app: FastifyInstance, context: ServerContext): void {
  const { db } = context;
  const paths = ApiPath.org;

  defineRoute(app, context, {
    method: 'GET',
    path: paths.list,
    access: masks.all,
    query: orgListQuery,
    handler: async ({ caller, query }) => listOrgs(db, caller, query),
  });

  defineRoute(app, context, {
    method: 'GET',
    path: paths.detail,
    access: masks.all,
    query: detailQuery,
    handler: async ({ caller, query }) => findOrg(db, caller, query.id),
  });
}
