import { ApiPath } from '../apiPaths';
import { defineVerbs } from '../verb';
import { currentSession, joinBody, loginBody, sessionInfo, signupBody } from '../schemas/auth';
import { noData } from '../schemas/response';

/** Sign-in, sign-up, joining an org and the session itself (docs/api.md "Paths"). */
export const authVerbs = defineVerbs({
  login: {
    method: 'POST',
    path: ApiPath.auth.login,
    summary: 'Sign in: a session token, with the orgs the account belongs to',
    access: 'public',
    body: loginBody,
    response: sessionInfo,
  },
  signup: {
    method: 'POST',
    path: ApiPath.auth.signup,
    summary: 'Sign up with an invitation code: a new merchant manager, signed in at once',
    access: 'public',
    body: signupBody,
    response: sessionInfo,
  },
  join: {
    method: 'POST',
    path: ApiPath.auth.join,
    summary: 'Redeem an invitation code as a signed-in user: join an org or start a merchant org',
    access: 'signedIn',
    body: joinBody,
    response: sessionInfo,
  },
  logout: {
    method: 'POST',
    path: ApiPath.auth.logout,
    summary: 'Sign out: revokes the calling session',
    access: 'signedIn',
    response: noData,
    beforeEnrolment: true,
  },
  me: {
    method: 'GET',
    path: ApiPath.auth.me,
    summary: 'Who the session token stands for, and their orgs',
    access: 'signedIn',
    response: currentSession,
    beforeEnrolment: true,
  },
});
