import { memberVerbs } from '../../../src/contract/verbs/member';
import { serveVerbs } from '../../http/verbs';
import { pathId } from '../../http/pathId';
import { memberRoles } from './service';
import { inviteMember, listMemberInvitations, revokeMemberInvitation } from './invitations';

/**
 * The members' verbs beyond CRUD (their CRUD is the declaration's, src/resources/member/resource.ts):
 * the roles an org's tier has, and the invitations its managers issue for /signup.
 */
export const registerMemberRoutes = serveVerbs(memberVerbs, (_app, context) => {
  const { db } = context;
  return {
    roles: async ({ caller, query }) => memberRoles(db, caller, query.orgId),
    invitations: async ({ caller, query }) => listMemberInvitations(db, caller, query, context.now()),
    invite: async ({ caller, body }) => inviteMember(db, caller, body, context.now()),
    withdrawInvitation: async ({ caller, params }) => revokeMemberInvitation(db, caller, pathId(params), context.now()),
  };
});
