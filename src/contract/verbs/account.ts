import { ApiPath } from '../apiPaths';
import { defineVerbs } from '../verb';
import { accountPasswordBody, accountProfile, accountSessionList, accountUpdateBody } from '../schemas/account';
import { noData } from '../schemas/response';

const paths = ApiPath.account;

/** /account (docs/roles-and-routes.md): every role manages its own profile, password and sessions. */
export const accountVerbs = defineVerbs({
  update: {
    method: 'POST',
    path: paths.update,
    summary: 'Rename the caller (their display name)',
    access: 'member',
    body: accountUpdateBody,
    response: accountProfile,
  },
  password: {
    method: 'POST',
    path: paths.password,
    summary: "Change the caller's password: every other session of theirs is signed out",
    access: 'member',
    body: accountPasswordBody,
    response: noData,
    // A stolen session alone must not take the account over.
    stepUp: true,
  },
  sessions: {
    method: 'GET',
    path: paths.sessionList,
    summary: "The caller's open sessions, newest first",
    access: 'member',
    response: accountSessionList,
  },
  revokeSession: {
    method: 'POST',
    path: paths.sessionDelete,
    summary: "Sign out one of the caller's sessions",
    access: 'member',
    response: noData,
  },
});
