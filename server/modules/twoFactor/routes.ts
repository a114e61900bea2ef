import { twoFactorVerbs } from '../../../src/contract/verbs/twoFactor';
import { serveVerbs } from '../../http/verbs';
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
const perSession = { rateLimit: perMinute(30, (request) => hashSessionToken(bearerToken(request) ?? '')) };

/** The caller's second factor on /account, step-up, and the org's mandatory-enrolment setting. */
export const registerTwoFactorRoutes = serveVerbs(twoFactorVerbs, (app, context) => {
  const { db } = context;
  const codes = secondFactorChecker(app, db);
  return {
    state: async ({ caller }) => twoFactorState(db, caller, context.now()),
    start: { config: perSession, handler: async ({ caller }) => startEnrolment(db, caller) },
    confirm: {
      config: perSession,
      handler: async ({ caller, body, request, reply }) => {
        await requirePending(db, caller);
        await codes.accept(request, reply, caller.userId, body.code, context.now(), 'code', true);
        return finishEnrolment(db, caller, context.now());
      },
    },
    disable: {
      config: perSession,
      handler: async ({ caller, body, request, reply }) => {
        if (!caller.twoFactor.enrolled) throw fieldError('code', 'validation.twoFactorNotEnrolled');
        const user = await db.selectFrom('appUser').select('passwordHash').where('id', '=', caller.userId).executeTakeFirstOrThrow();
        // 400 on the field, not 401: a 401/403 body code signs the console out (docs/api.md "Body codes").
        if (!(await verifyPassword(body.password, user.passwordHash))) throw fieldError('password', 'validation.currentPasswordWrong');
        await codes.accept(request, reply, caller.userId, body.code, context.now());
        return removeSecondFactor(db, caller);
      },
    },
    stepUp: {
      config: perSession,
      handler: async ({ caller, body, request, reply }) => {
        if (!caller.twoFactor.enrolled) throw fieldError('code', 'validation.twoFactorNotEnrolled');
        await codes.accept(request, reply, caller.userId, body.code, context.now());
        return recordStepUp(db, caller, context.now());
      },
    },
    orgState: async ({ caller }) => ({ required: caller.twoFactor.required }),
    setOrgState: async ({ caller, body }) => setOrgRequirement(db, caller, body.required),
  };
});
