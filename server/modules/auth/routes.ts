import type { SessionInfo } from '../../../src/contract/schemas/auth';
import type { FastifyRequest } from 'fastify';
import { serveVerbs } from '../../http/verbs';
import { authVerbs } from '../../../src/contract/verbs/auth';
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

export const registerAuthRoutes = serveVerbs(authVerbs, (app, context) => {
  const { db } = context;
  const codes = secondFactorChecker(app, db);
  const failedLoginsPerAddress = failureLimit(app, {
    name: 'login failures per address',
    max: context.config.loginFailuresPerAddress,
    timeWindow: '15 minutes',
    keyGenerator: clientAddress,
  });
  return {
    // Guessing one account's password is slowed per client address and account.
    login: {
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
    },
    // Each attempt costs a scrypt run and may probe invitation codes (60 random bits): limited per address.
    signup: {
      config: { rateLimit: perMinute(20) },
      handler: async ({ body, request }) => signUp(context, body, request),
    },
    join: {
      config: { rateLimit: perMinute(20) },
      handler: async ({ caller, body }) => joinWithCode(context, caller, body),
    },
    logout: async ({ caller }) => {
      Object.assign(currentAuditContext() ?? {}, { sessionAction: 'signOut' });
      await db.updateTable('session').set({ revokedAt: context.now() }).where('tokenHash', '=', caller.tokenHash).execute();
      return null;
    },
    me: async ({ caller }): Promise<SessionInfo> => ({
      userName: caller.userName,
      account: caller.account,
      orgList: caller.memberships,
      twoFactor: { enrolled: caller.twoFactor.enrolled, required: caller.twoFactor.required },
    }),
  };
});
