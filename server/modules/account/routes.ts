import type { FastifyInstance } from 'fastify';
import { ApiPath } from '../../../src/contract/apiPaths';
import { accountPasswordBody, accountProfile, accountSessionList, accountUpdateBody } from '../../../src/contract/schemas/account';
import { noData } from '../../../src/contract/schemas/response';
import type { ServerContext } from '../../http/serverContext';
import { defineRoute } from '../../http/route';
import { perMinute } from '../../http/rateLimit';
import { bearerToken } from '../../http/caller';
import { pathId } from '../../http/pathId';
import { hashSessionToken } from '../../credentials/sessionToken';
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
    summary: 'Rename the caller (their display name)',
    access: 'member',
    body: accountUpdateBody,
    response: accountProfile,
    handler: async ({ caller, body }) => renameSelf(db, caller, body),
  });

  defineRoute(app, context, {
    method: 'POST',
    path: paths.password,
    summary: "Change the caller's password: every other session of theirs is signed out",
    access: 'member',
    body: accountPasswordBody,
    response: noData,
    config: { rateLimit: passwordRateLimit },
    // A stolen session alone must not take the account over.
    stepUp: true,
    handler: async ({ caller, body }) => changePassword(db, caller, body, context.now()),
  });

  defineRoute(app, context, {
    method: 'GET',
    path: paths.sessionList,
    summary: "The caller's open sessions, newest first",
    access: 'member',
    response: accountSessionList,
    handler: async ({ caller }) => listOwnSessions(db, caller, context.now()),
  });

  defineRoute(app, context, {
    method: 'POST',
    path: paths.sessionDelete,
    summary: "Sign out one of the caller's sessions",
    access: 'member',
    response: noData,
    handler: async ({ caller, params }) => revokeOwnSession(db, caller, pathId(params), context.now()),
  });
}
