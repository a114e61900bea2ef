import { currentSession, joinBody, loginBody, sessionInfo, signupBody, type SessionInfo } from '../../../src/contract/schemas/auth';
import { noData } from '../../../src/contract/schemas/response';
import { ApiPath } from '../../../src/contract/apiPaths';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ServerContext } from '../../http/serverContext';
import { defineRoute } from '../../http/route';
import { clientAddress, failureLimit, perMinute } from '../../http/rateLimit';
import { membershipsOf } from '../../http/caller';
import { ApiError, badRequest, unauthorized } from '../../http/apiError';
import { isEnrolled, secondFactorChecker } from '../twoFactor/secondFactor';
import { orgRequiresTwoFactor } from '../twoFactor/service';
import { BodyCode } from '../../../src/contract/envelope';
import { verifyPassword } from '../../credentials/password';
import { openSession } from './openSession';
import { currentAuditContext } from '../../http/auditContext';
import { recordAuditEvent } from '../auditLog/record';
import { signUp } from './signup';
import { joinWithCode } from './join';
import { accountKey, storedAccountKey } from './accountKey';

/** A hash to compare against when the account does not exist, so both paths take as long. */
const DUMMY_HASH =
  'scrypt$32768$8$1$AAAAAAAAAAAAAAAAAAAAAA==$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA==';

/** Sign-in's limit key: the account as the look-up compares it, so padding or case is no fresh bucket. */
const addressAndAccount = (request: FastifyRequest) =>
  `${clientAddress(request)}|${accountKey(String((request.body as { account?: unknown } | undefined)?.account ?? ''))}`;

export function registerAuthRoutes(app: FastifyInstance, context: ServerContext): void {
  const { db } = context;
  const codes = secondFactorChecker(app, db);
  const failedLoginsPerAddress = failureLimit(app, {
    name: 'login failures per address',
    max: context.config.loginFailuresPerAddress,
    timeWindow: '15 minutes',
    keyGenerator: clientAddress,
  });

  defineRoute(app, context, {
    method: 'POST',
    path: ApiPath.auth.login,
    summary: 'Sign in: a session token, with the orgs the account belongs to',
    access: 'public',
    body: loginBody,
    response: sessionInfo,
    // Guessing one account's password is slowed per client address and account.
    config: { rateLimit: perMinute(20, addressAndAccount) },
    handler: async ({ body, request, reply }): Promise<SessionInfo> => {
      await failedLoginsPerAddress.check(request, reply);
      const user = await db.selectFrom('appUser').selectAll().where(storedAccountKey, '=', accountKey(body.account)).executeTakeFirst();
      const valid = await verifyPassword(body.password, user?.passwordHash ?? DUMMY_HASH);
      if (!user || !valid) {
        await failedLoginsPerAddress.fail(request, reply);
        // The account typed is on the event (the context's actor); the password never is.
        await recordAuditEvent(db, { action: 'signInFailed', entity: 'auth', entityId: user ? String(user.id) : null });
        throw unauthorized('api.invalidCredentials');
      }
      await failedLoginsPerAddress.check(request, reply);
      if (user.disabled) throw new ApiError(BodyCode.forbidden, 'api.accountDisabled');
      const orgList = await membershipsOf(db, user.id);
      if (orgList.length === 0) throw new ApiError(BodyCode.forbidden, 'api.noOrg');
      // No session opens without the second factor of an enrolled user. A missing code is a field
      // error, not a failure: the sign-in page shows the code input and sends again.
      const enrolled = await isEnrolled(db, user.id);
      let codeAcceptedAt: Date | null = null;
      if (enrolled) {
        if (!body.code) throw badRequest({ code: { key: 'validation.twoFactorCodeRequired' } }, 'api.twoFactorCodeRequired');
        codeAcceptedAt = context.now();
        await codes.accept(request, reply, user.id, body.code, codeAcceptedAt);
      }
      // The session's insert is the sign-in event: by this user, in their first org. A code just
      // accepted counts as this session's step-up: asking for another seconds later adds nothing.
      Object.assign(currentAuditContext() ?? {}, { actorId: user.id, actorAccount: user.account, orgId: orgList[0].orgId });
      const token = await openSession(context, user.id, request, codeAcceptedAt);
      const required = await orgRequiresTwoFactor(db, orgList[0].orgId);
      return { token, userName: user.userName, account: user.account, orgList, twoFactor: { enrolled, required } };
    },
  });

  defineRoute(app, context, {
    method: 'POST',
    path: ApiPath.auth.signup,
    summary: 'Sign up with an invitation code: a new merchant manager, signed in at once',
    access: 'public',
    body: signupBody,
    response: sessionInfo,
    // Each attempt costs a scrypt run and may probe invitation codes (60 random bits): limited per address.
    config: { rateLimit: perMinute(20) },
    handler: async ({ body, request }) => signUp(context, body, request),
  });

  defineRoute(app, context, {
    method: 'POST',
    path: ApiPath.auth.join,
    summary: 'Redeem an invitation code as a signed-in user: join an org or start a merchant org',
    access: 'signedIn',
    body: joinBody,
    response: sessionInfo,
    config: { rateLimit: perMinute(20) },
    handler: async ({ caller, body }) => joinWithCode(context, caller, body),
  });

  defineRoute(app, context, {
    method: 'POST',
    path: ApiPath.auth.logout,
    summary: 'Sign out: revokes the calling session',
    access: 'signedIn',
    response: noData,
    beforeEnrolment: true,
    handler: async ({ caller }) => {
      Object.assign(currentAuditContext() ?? {}, { sessionAction: 'signOut' });
      await db.updateTable('session').set({ revokedAt: context.now() }).where('tokenHash', '=', caller.tokenHash).execute();
      return null;
    },
  });

  defineRoute(app, context, {
    method: 'GET',
    path: ApiPath.auth.me,
    summary: 'Who the session token stands for, and their orgs',
    access: 'signedIn',
    response: currentSession,
    beforeEnrolment: true,
    handler: async ({ caller }): Promise<SessionInfo> => ({
      userName: caller.userName,
      account: caller.account,
      orgList: caller.memberships,
      twoFactor: { enrolled: caller.twoFactor.enrolled, required: caller.twoFactor.required },
    }),
  });
}
