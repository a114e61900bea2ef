import { accountVerbs } from '../../../src/contract/verbs/account';
import { serveVerbs } from '../../http/verbs';
import { perMinute } from '../../http/rateLimit';
import { bearerToken } from '../../http/caller';
import { pathId } from '../../http/pathId';
import { hashSessionToken } from '../../credentials/sessionToken';
import { changePassword, listOwnSessions, renameSelf, revokeOwnSession } from './service';

/** Each try costs two scrypt runs and guesses the current password: limited per session, like login per account. */
const passwordRateLimit = perMinute(20, (request) => hashSessionToken(bearerToken(request) ?? ''));

/** /account (docs/roles-and-routes.md): every role manages its own profile, password and sessions. */
export const registerAccountRoutes = serveVerbs(accountVerbs, (_app, context) => {
  const { db } = context;
  return {
    update: async ({ caller, body }) => renameSelf(db, caller, body),
    password: {
      config: { rateLimit: passwordRateLimit },
      handler: async ({ caller, body }) => changePassword(db, caller, body, context.now()),
    },
    sessions: async ({ caller }) => listOwnSessions(db, caller, context.now()),
    revokeSession: async ({ caller, params }) => revokeOwnSession(db, caller, pathId(params), context.now()),
  };
});
