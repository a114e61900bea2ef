import type { FastifyInstance } from 'fastify';
import { ApiPath } from '../../../src/contract/apiPaths';
import { memberListQuery } from '../../../src/contract/schemas/member';
import { masks } from '../../../src/access';
import type { ServerContext } from '../../http/serverContext';
import { defineRoute } from '../../http/route';
import { listMembers } from './service';

/** Members of an org in scope (SPEC B6 /member, route "all"); invitations and role changes are not built yet. */
export function registerMemberRoutes(app: FastifyInstance, context: ServerContext): void {
  defineRoute(app, context, {
    method: 'GET',
    path: ApiPath.member.list,
    access: masks.all,
    query: memberListQuery,
    handler: async ({ caller, query }) => listMembers(context.db, caller, query),
  });
}
