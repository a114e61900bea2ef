import type { FastifyInstance } from 'fastify';
import { ApiPath } from '../../../src/contract/apiPaths';
import {
  memberDetailQuery,
  memberInvitationListQuery,
  memberInviteBody,
  memberListQuery,
  memberRecord,
  memberRolesQuery,
  memberUpdateBody,
} from '../../../src/contract/schemas/member';
import type { ServerContext } from '../../http/serverContext';
import { registerCrudRoutes } from '../../http/crudRoutes';
import { RESOURCE_ACCESS } from '../../../src/access';
import { defineRoute } from '../../http/route';
import { pathId } from '../../http/pathId';
import { findMember, listMembers, memberRoles, removeMember, updateMember } from './service';
import { inviteMember, listMemberInvitations, revokeMemberInvitation } from './invitations';
import { memberInvitationList, memberInvitationRecord, memberRoleList } from '../../../src/contract/schemas/member';

/**
 * Members of an org in scope (/member, route group "all", docs/roles-and-routes.md): everyone reads; managers
 * change roles and remove members of their own org (superAdmin of any), checked per org,
 * and invite new members of the selected org with a code for /signup.
 */
export function registerMemberRoutes(app: FastifyInstance, context: ServerContext): void {
  const { db } = context;
  const paths = ApiPath.member;

  registerCrudRoutes(app, context, {
    paths,
    access: RESOURCE_ACCESS.member,
    record: memberRecord,
    // A role change or a removal re-draws who may move money and manage the org.
    stepUp: true,
    list: {
      query: memberListQuery,
      summary: 'The members of an org in scope, with their roles, filtered, sorted and paged',
      handler: async ({ caller, query }) => listMembers(db, caller, query),
    },
    detail: {
      query: memberDetailQuery,
      summary: 'One member of an org in scope',
      handler: async ({ caller, query }) => findMember(db, caller, query.id, query.orgId),
    },
    update: {
      body: memberUpdateBody,
      summary: 'Change a member’s role level',
      handler: async ({ caller, body }) => updateMember(db, caller, body),
    },
    delete: {
      summary: 'Remove a member from the selected org (not oneself, not a wallet signer): answers the removed record',
      handler: async ({ caller, id }) => removeMember(db, caller, id),
    },
  });

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
