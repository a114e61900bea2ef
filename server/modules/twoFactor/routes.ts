import type { FastifyInstance } from 'fastify';
import { ApiPath } from '../../../src/contract/apiPaths';
import { orgTwoFactorBody, twoFactorCodeBody, twoFactorDisableBody, type OrgTwoFactor } from '../../../src/contract/schemas/twoFactor';
import { masks } from '../../../src/access';
import type { ServerContext } from '../../http/serverContext';
import { defineRoute } from '../../http/route';
import { perMinute } from '../../http/rateLimit';
import { bearerToken } from '../../http/caller';
import { fieldError } from '../../http/apiError';
import { hashSessionToken } from '../auth/sessionToken';
import { verifyPassword } from '../auth/password';
import { secondFactorChecker } from './secondFactor';
import { finishEnrolment, recordStepUp, removeSecondFactor, requirePending, setOrgRequirement, startEnrolment, twoFactorState } from './service';

/** Code calls are counted per account by the checker; this only keeps one session from flooding. */
const perSession = perMinute(30, (request) => hashSessionToken(bearerToken(request) ?? ''));

/** The caller's second factor on /account, step-up, and the org's mandatory-enrolment setting. */
export function registerTwoFactorRoutes(app: FastifyInstance, context: ServerContext): void {
  const { db } = context;
  const paths = ApiPath.account.twoFactor;
  const codes = secondFactorChecker(app, db);

  defineRoute(app, context, {
    method: 'GET',
    path: paths.state,
    access: masks.all,
    beforeEnrolment: true,
    handler: async ({ caller }) => twoFactorState(db, caller, context.now()),
  });

  defineRoute(app, context, {
    method: 'POST',
    path: paths.start,
    access: masks.all,
    beforeEnrolment: true,
    config: { rateLimit: perSession },
    handler: async ({ caller }) => startEnrolment(db, caller),
  });

  defineRoute(app, context, {
    method: 'POST',
    path: paths.confirm,
    access: masks.all,
    beforeEnrolment: true,
    body: twoFactorCodeBody,
    config: { rateLimit: perSession },
    handler: async ({ caller, body, request, reply }) => {
      await requirePending(db, caller);
      await codes.accept(request, reply, caller.userId, body.code, context.now(), 'code', true);
      return finishEnrolment(db, caller, context.now());
    },
  });

  defineRoute(app, context, {
    method: 'POST',
    path: paths.disable,
    access: masks.all,
    body: twoFactorDisableBody,
    config: { rateLimit: perSession },
    handler: async ({ caller, body, request, reply }) => {
      if (!caller.twoFactor.enrolled) throw fieldError('code', 'validation.twoFactorNotEnrolled');
      const user = await db.selectFrom('appUser').select('passwordHash').where('id', '=', caller.userId).executeTakeFirstOrThrow();
      // 400 on the field, not 401: a 401/403 body code signs the console out (docs/api.md "Body codes").
      if (!(await verifyPassword(body.password, user.passwordHash))) throw fieldError('password', 'validation.currentPasswordWrong');
      await codes.accept(request, reply, caller.userId, body.code, context.now());
      return removeSecondFactor(db, caller);
    },
  });

  defineRoute(app, context, {
    method: 'POST',
    path: paths.stepUp,
    access: masks.all,
    body: twoFactorCodeBody,
    config: { rateLimit: perSession },
    handler: async ({ caller, body, request, reply }) => {
      if (!caller.twoFactor.enrolled) throw fieldError('code', 'validation.twoFactorNotEnrolled');
      await codes.accept(request, reply, caller.userId, body.code, context.now());
      return recordStepUp(db, caller, context.now());
    },
  });

  defineRoute(app, context, {
    method: 'GET',
    path: ApiPath.org.twoFactor,
    access: masks.allManagers,
    handler: async ({ caller }): Promise<OrgTwoFactor> => ({ required: caller.twoFactor.required }),
  });

  defineRoute(app, context, {
    method: 'POST',
    path: ApiPath.org.twoFactor,
    access: masks.allManagers,
    body: orgTwoFactorBody,
    stepUp: true,
    handler: async ({ caller, body }) => setOrgRequirement(db, caller, body.required),
  });
}
