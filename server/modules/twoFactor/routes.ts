import type { FastifyInstance } from 'fastify';
import { ApiPath } from '../../../src/contract/apiPaths';
import {
  orgTwoFactor,
  orgTwoFactorBody,
  stepUpResult,
  twoFactorCodeBody,
  twoFactorDisableBody,
  twoFactorEnrolment,
  twoFactorRecoveryCodes,
  twoFactorState as twoFactorStateData,
  type OrgTwoFactor,
} from '../../../src/contract/schemas/twoFactor';
import { noData } from '../../../src/contract/schemas/response';
import type { ServerContext } from '../../http/serverContext';
import { defineRoute } from '../../http/route';
import { perMinute } from '../../http/rateLimit';
import { bearerToken } from '../../http/caller';
import { fieldError } from '../../http/apiError';
import { hashSessionToken } from '../../credentials/sessionToken';
import { verifyPassword } from '../../credentials/password';
import { secondFactorChecker } from './secondFactor';
import {
  finishEnrolment,
  recordStepUp,
  removeSecondFactor,
  requirePending,
  setOrgRequirement,
  startEnrolment,
  twoFactorState,
} from './service';

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
    summary: "The caller's second factor: enrolled, recovery codes left, step-up until when",
    access: 'member',
    response: twoFactorStateData,
    beforeEnrolment: true,
    handler: async ({ caller }) => twoFactorState(db, caller, context.now()),
  });

  defineRoute(app, context, {
    method: 'POST',
    path: paths.start,
    summary: 'Start enrolment: a new TOTP secret, pending until a code confirms it',
    access: 'member',
    response: twoFactorEnrolment,
    beforeEnrolment: true,
    config: { rateLimit: perSession },
    handler: async ({ caller }) => startEnrolment(db, caller),
  });

  defineRoute(app, context, {
    method: 'POST',
    path: paths.confirm,
    summary: 'Confirm enrolment with a code: the recovery codes, shown this once',
    access: 'member',
    response: twoFactorRecoveryCodes,
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
    summary: "Remove the caller's second factor (password and a current code)",
    access: 'member',
    response: noData,
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
    summary: 'Step up: a current code makes this session fit for sensitive writes for a few minutes',
    access: 'member',
    response: stepUpResult,
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
    summary: 'Whether the selected org requires its members to enrol a second factor',
    access: 'orgTwoFactor.manage',
    response: orgTwoFactor,
    handler: async ({ caller }): Promise<OrgTwoFactor> => ({ required: caller.twoFactor.required }),
  });

  defineRoute(app, context, {
    method: 'POST',
    path: ApiPath.org.twoFactor,
    summary: 'Set whether the selected org requires its members to enrol a second factor',
    access: 'orgTwoFactor.manage',
    response: orgTwoFactor,
    body: orgTwoFactorBody,
    stepUp: true,
    handler: async ({ caller, body }) => setOrgRequirement(db, caller, body.required),
  });
}
