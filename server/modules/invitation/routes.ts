import type { FastifyInstance } from 'fastify';
import { ApiPath } from '../../../src/contract/apiPaths';
import { invitationBody, invitationListQuery } from '../../../src/contract/schemas/invitation';
import { INVITATION_ISSUERS } from '../../../src/contract/invitation';
import { detailQuery } from '../../../src/contract/schemas/listQuery';
import { routeGroups } from '../../../src/access';
import type { ServerContext } from '../../http/serverContext';
import { defineRoute } from '../../http/route';
import { pathId } from '../../http/pathId';
import { createInvitation, findInvitation, listInvitations, revokeInvitation } from './service';

/**
 * Invitation codes (/invitation, route group "agent", docs/roles-and-routes.md: the agent row reads its own);
 * agent managers issue and withdraw them. `delete` withdraws: the row stays, stamped.
 */
export function registerInvitationRoutes(app: FastifyInstance, context: ServerContext): void {
  const { db } = context;
  const paths = ApiPath.invitation;

  defineRoute(app, context, {
    method: 'GET',
    path: paths.list,
    access: routeGroups.agent,
    query: invitationListQuery,
    handler: async ({ caller, query }) => listInvitations(db, caller, query, context.now()),
  });

  defineRoute(app, context, {
    method: 'GET',
    path: paths.detail,
    access: routeGroups.agent,
    query: detailQuery,
    handler: async ({ caller, query }) => findInvitation(db, caller, query.id, context.now()),
  });

  defineRoute(app, context, {
    method: 'POST',
    path: paths.save,
    access: INVITATION_ISSUERS,
    body: invitationBody,
    handler: async ({ caller, body }) => createInvitation(db, caller, body, context.now()),
  });

  defineRoute(app, context, {
    method: 'POST',
    path: paths.delete,
    access: INVITATION_ISSUERS,
    handler: async ({ caller, params }) => revokeInvitation(db, caller, pathId(params), context.now()),
  });
}
