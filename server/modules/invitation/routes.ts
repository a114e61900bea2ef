import type { FastifyInstance } from 'fastify';
import { ApiPath } from '../../../src/contract/apiPaths';
import { RESOURCE_ACCESS } from '../../../src/access';
import { invitationBody, invitationListQuery, invitationRecord } from '../../../src/contract/schemas/invitation';
import type { ServerContext } from '../../http/serverContext';
import { registerCrudRoutes } from '../../http/crudRoutes';
import { createInvitation, findInvitation, listInvitations, revokeInvitation } from './service';

/**
 * Invitation codes (/invitation, route group "agent", docs/roles-and-routes.md: the agent row reads its own);
 * agent managers issue and withdraw them. `delete` withdraws: the row stays, stamped.
 */
export function registerInvitationRoutes(app: FastifyInstance, context: ServerContext): void {
  const { db } = context;
  registerCrudRoutes(app, context, {
    paths: ApiPath.invitation,
    access: RESOURCE_ACCESS.invitation,
    record: invitationRecord,
    list: {
      query: invitationListQuery,
      summary: 'Merchant invitation codes issued by the orgs in scope, filtered, sorted and paged',
      handler: async ({ caller, query }) => listInvitations(db, caller, query, context.now()),
    },
    detail: { summary: 'One invitation code', handler: async ({ caller, id }) => findInvitation(db, caller, id, context.now()) },
    // The code makes its invitee the manager of a new merchant org under the agency: a manager is made
    // with a fresh code, as a member invitation for a manager is. Withdrawing narrows access and asks none.
    create: {
      body: invitationBody,
      stepUp: true,
      summary: 'Issue a code for a merchant of one tier under the selected org',
      handler: async ({ caller, body }) => createInvitation(db, caller, body, context.now()),
    },
    delete: {
      summary: 'Withdraw an open code (the row stays, stamped): answers the withdrawn record',
      handler: async ({ caller, id }) => revokeInvitation(db, caller, id, context.now()),
    },
  });
}
