import type { FastifyInstance } from 'fastify';
import { ApiPath } from '../../../src/contract/apiPaths';
import { memberInvitationListQuery, memberInviteBody, memberRolesQuery } from '../../../src/contract/schemas/member';
import type { ServerContext } from '../../http/serverContext';
import { defineRoute } from '../../http/route';
import { pathId } from '../../http/pathId';
import { memberRoles } from './service';
import { inviteMember, listMemberInvitations, revokeMemberInvitation } from './invitations';
import { memberInvitationList, memberInvitationRecord, memberRoleList } from '../../../src/contract/schemas/member';

/**
 * The members' verbs beyond CRUD (their CRUD is the declaration's, src/resources/member/resource.ts):
 * the roles an org's tier has, and the invitations its managers issue for /signup.
 */
export function registerMemberRoutes(app: FastifyInstance, context: ServerContext): void {
  const { db } = context;
  const paths = ApiPath.member;

  defineRoute(app, context, {
    method: 'GET',
    path: paths.roles,
    access: 'member',
    query: memberRolesQuery,
    response: memberRoleList,
    handler: async ({ caller, query }) => memberRoles(db, caller, query.orgId),
  });

  defineRoute(app, context, {
    method: 'GET',
    path: paths.invitationList,
    access: 'member.manage',
    query: memberInvitationListQuery,
    response: memberInvitationList,
    handler: async ({ caller, query }) => listMemberInvitations(db, caller, query, context.now()),
  });

  defineRoute(app, context, {
    method: 'POST',
    path: paths.invite,
    access: 'member.manage',
    body: memberInviteBody,
    // Level 0 is the manager of every tier (roleLevelLabel, src/access/roles.ts): a code that makes a manager asks a fresh code.
    stepUp: (body) => body.roleLevel === 0,
    response: memberInvitationRecord,
    handler: async ({ caller, body }) => inviteMember(db, caller, body, context.now()),
  });

  defineRoute(app, context, {
    method: 'POST',
    path: paths.invitationDelete,
    access: 'member.manage',
    response: memberInvitationRecord,
    handler: async ({ caller, params }) => revokeMemberInvitation(db, caller, pathId(params), context.now()),
  });
}
