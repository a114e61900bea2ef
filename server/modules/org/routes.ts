import type { FastifyInstance } from 'fastify';
import { ApiPath } from '../../../src/contract/apiPaths';
import { RESOURCE_ACCESS } from '../../../src/access';
import { orgListQuery, orgRecord } from '../../../src/contract/schemas/org';
import type { ServerContext } from '../../http/serverContext';
import { registerCrudRoutes } from '../../http/crudRoutes';
import { findOrg, listOrgs } from './service';

/** Orgs (a tree, docs/roles-and-routes.md): every role reads those of its tenancy scope; creating orgs is not offered yet. */
export function registerOrgRoutes(app: FastifyInstance, context: ServerContext): void {
  const { db } = context;
  registerCrudRoutes(app, context, {
    paths: ApiPath.org,
    access: RESOURCE_ACCESS.org,
    record: orgRecord,
    list: {
      query: orgListQuery,
      summary: 'The orgs in the caller’s tenancy scope, with parent and member count, filtered, sorted and paged',
      handler: async ({ caller, query }) => listOrgs(db, caller, query),
    },
    detail: { summary: 'One org in scope', handler: async ({ caller, id }) => findOrg(db, caller, id) },
  });
}
