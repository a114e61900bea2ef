import type { FastifyInstance } from 'fastify';
import { ApiPath } from '../../../src/contract/apiPaths';
import { accountPasswordBody, accountUpdateBody } from '../../../src/contract/schemas/account';
import { masks } from '../../../src/access';
import type { ServerContext } from '../../http/serverContext';
import { defineRoute } from '../../http/route';
import { perMinute } from '../../http/rateLimit';
import { bearerToken } from '../../http/caller';
import { pathId } from '../../http/pathId';
import { hashSessionToken } from '../auth/sessionToken';
import { changePassword, listOwnSessions, renameSelf, revokeOwnSession } from './service';

/** Each try costs two scrypt runs and guesses the current password: limited per session, like login per account. */
const passwordRateLimit = perMinute(20, (request) => hashSessionToken(bearerToken(request) ?? ''));

/** /account (docs/roles-and-routes.md): every role manages its own profile, password and sessions. */
export function registerAccountRoutes(app: FastifyInstance, context: ServerContext): void {
  const { db } = context;
  const paths = ApiPath.account;

  defineRoute(app, context, {
    method: 'POST',
    path: paths.update,
    access: masks.all,
    body: accountUpdateBody,
    handler: async ({ caller, body }) => renameSelf(db, caller, body),
  });

  defineRoute(app, context, {
    method: 'POST',
    path: paths.password,
    access: masks.all,
    body: accountPasswordBody,
    config: { rateLimit: passwordRateLimit },
    // A stolen session alone must not take the account over.
    stepUp: true,
    handler: async ({ caller, body }) => changePassword(db, caller, body, context.now()),
  });

  defineRoute(app, context, {
    method: 'GET',
    path: paths.sessionList,
    access: masks.all,
    handler: async ({ caller }) => listOwnSessions(db, caller, context.now()),
  });

  defineRoute(app, context, {
    method: 'POST',
    path: paths.sessionDelete,
    access: masks.all,
    handler: async ({ caller, params }) => revokeOwnSession(db, caller, pathId(params), context.now()),
  });
}
