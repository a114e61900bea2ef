import type { FastifyInstance } from 'fastify';
import { ApiPath } from '../../../src/contract/apiPaths';
import { RESOURCE_ACCESS } from '../../../src/access';
import { payLinkBody, payLinkListQuery, payLinkRecord, payLinkUpdateBody } from '../../../src/contract/schemas/payLink';
import type { ServerContext } from '../../http/serverContext';
import { registerCrudRoutes } from '../../http/crudRoutes';
import { deletePayLink, findPayLink, listPayLinks, savePayLink, updatePayLink } from './service';

/** Pay links (/pay-link, "all except agent"): everyone in scope reads; a merchant's managers and finance write their own. */
export function registerPayLinkRoutes(app: FastifyInstance, context: ServerContext): void {
  const { db } = context;
  registerCrudRoutes(app, context, {
    paths: ApiPath.payLink,
    access: RESOURCE_ACCESS.payLink,
    record: payLinkRecord,
    list: {
      query: payLinkListQuery,
      summary: 'The pay links in scope, with their paid orders, filtered, sorted and paged',
      handler: async ({ caller, query }) => listPayLinks(db, caller, query),
    },
    detail: { summary: 'One pay link', handler: async ({ caller, id }) => findPayLink(db, caller, id) },
    create: {
      body: payLinkBody,
      summary: 'Add a pay link for the selected org, in an enabled currency',
      handler: async ({ caller, body }) => savePayLink(db, caller, body, context.now()),
    },
    update: {
      body: payLinkUpdateBody,
      summary: 'Change a pay link',
      handler: async ({ caller, body }) => updatePayLink(db, caller, body, context.now()),
    },
    delete: {
      summary: 'Delete a pay link that took no orders: answers the deleted record',
      handler: async ({ caller, id }) => deletePayLink(db, caller, id),
    },
  });
}
