import type { FastifyInstance } from 'fastify';
import { ApiPath } from '../../../src/contract/apiPaths';
import { payLinkBody, payLinkListQuery, payLinkUpdateBody } from '../../../src/contract/schemas/payLink';
import { detailQuery } from '../../../src/contract/schemas/listQuery';
import { PAY_LINK_WRITERS } from '../../../src/contract/payLink';
import { routeGroups } from '../../../src/access';
import type { ServerContext } from '../../http/serverContext';
import { defineRoute } from '../../http/route';
import { pathId } from '../../http/pathId';
import { deletePayLink, findPayLink, listPayLinks, savePayLink, updatePayLink } from './service';

/** Pay links (/pay-link, "all except agent", docs/roles-and-routes.md): everyone in scope reads; a merchant's managers and finance write their own. */
export function registerPayLinkRoutes(app: FastifyInstance, context: ServerContext): void {
  const { db } = context;
  const paths = ApiPath.payLink;
  const read = routeGroups.excludeAgent;
  defineRoute(app, context, { method: 'GET', path: paths.list, access: read, query: payLinkListQuery, handler: async ({ caller, query }) => listPayLinks(db, caller, query) });
  defineRoute(app, context, { method: 'GET', path: paths.detail, access: read, query: detailQuery, handler: async ({ caller, query }) => findPayLink(db, caller, query.id) });
  defineRoute(app, context, { method: 'POST', path: paths.save, access: PAY_LINK_WRITERS, body: payLinkBody, handler: async ({ caller, body }) => savePayLink(db, caller, body, context.now()) });
  defineRoute(app, context, { method: 'POST', path: paths.update, access: PAY_LINK_WRITERS, body: payLinkUpdateBody, handler: async ({ caller, body }) => updatePayLink(db, caller, body, context.now()) });
  defineRoute(app, context, { method: 'POST', path: paths.delete, access: PAY_LINK_WRITERS, handler: async ({ caller, params }) => deletePayLink(db, caller, pathId(params)) });
}
