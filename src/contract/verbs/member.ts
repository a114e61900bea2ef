import { ApiPath } from '../apiPaths';
import { defineVerbs } from '../verb';
import {
  memberInvitationList,
  memberInvitationListQuery,
  memberInvitationRecord,
  memberInviteBody,
  memberRoleList,
  memberRolesQuery,
  type MemberInviteBody,
} from '../schemas/member';

/**
 * The members' verbs beyond CRUD (their CRUD is the declaration's, src/resources/member/resource.ts):
 * the roles an org's tier has, and the invitations its managers issue for /signup.
 */
export const memberVerbs = defineVerbs({
  roles: {
    method: 'GET',
    path: ApiPath.member.roles,
    summary: "The roles of an org's tier, for the member forms",
    access: 'member',
    query: memberRolesQuery,
    response: memberRoleList,
  },
  invitations: {
    method: 'GET',
    path: ApiPath.member.invitationList,
    summary: "The org's invitations",
    access: 'member.manage',
    query: memberInvitationListQuery,
    response: memberInvitationList,
  },
  invite: {
    method: 'POST',
    path: ApiPath.member.invite,
    summary: 'Invite a member: a code for /signup with the role it gives',
    access: 'member.manage',
    body: memberInviteBody,
    // Level 0 is the manager of every tier (roleLevelLabel, src/access/roles.ts): a code that makes a manager asks a fresh code.
    stepUp: (body: MemberInviteBody) => body.roleLevel === 0,
    response: memberInvitationRecord,
  },
  withdrawInvitation: {
    method: 'POST',
    path: ApiPath.member.invitationDelete,
    summary: 'Withdraw an open invitation',
    access: 'member.manage',
    response: memberInvitationRecord,
  },
});
