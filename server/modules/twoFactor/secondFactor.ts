import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../../db/database';
import { failureLimit } from '../../http/rateLimit';
import { fieldError } from '../../http/apiError';
import { isTotpCode, matchingStep } from './totp';
import { recoveryCodeHash } from './recoveryCodes';
import { recordAuditEvent } from '../auditLog/record';

/** Wrong codes an account may type in CODE_FAILURE_WINDOW before code checks are refused (429). */
export const CODE_FAILURES = 5;
export const CODE_FAILURE_WINDOW = '15 minutes';

/**
 * Whose codes a request checks. The limiter keys a request, not a user; the handler knows the
 * user (the account signing in, the caller) only after its own look-up, so it names them here.
 */
const codeOwner = new WeakMap<FastifyRequest, number>();

/**
 * Checks second-factor codes for one account at a time: a six-digit TOTP of a step newer than
 * the last accepted one (no replay), or an unused recovery code, which is used up. Failures are
 * counted per account, whatever the address or session, so spreading guesses gains nothing.
 * Every instance built with the same app shares the counters (server/http/rateLimitStore.ts).
 */
export function secondFactorChecker(app: FastifyInstance, db: Db) {
  const failures = failureLimit(app, {
    name: 'two-factor code failures per account',
    max: CODE_FAILURES,
    timeWindow: CODE_FAILURE_WINDOW,
    keyGenerator: (request) => `user:${codeOwner.get(request) ?? 0}`,
  });
  return {
    /**
     * Accepts `code` for `userId` or throws: a 400 on `field`, or a 429 once the account's
     * failures are used up. Checked against the enrolled secret, or with `enrolling` the pending one.
     */
    async accept(
      request: FastifyRequest,
      reply: FastifyReply,
      userId: number,
      code: string,
      now: Date,
      field = 'code',
      enrolling = false,
    ): Promise<void> {
      codeOwner.set(request, userId);
      await failures.check(request, reply);
      const ok = await consumeCode(db, userId, code.trim(), now, enrolling);
      if (!ok) {
        await recordAuditEvent(db, { action: 'twoFactorFailed', entity: 'auth', entityId: String(userId) });
        await failures.fail(request, reply);
        throw fieldError(field, 'validation.twoFactorCodeWrong');
      }
      // Past the limit a right code is refused too: no answer tells a right guess from a wrong one.
      await failures.check(request, reply);
    },
  };
}

/**
 * Uses up a code. A TOTP moves `last_step` forward in one conditional update, so of two requests
 * racing with the same code only one wins. Recovery codes are not taken while enrolling.
 */
async function consumeCode(db: Db, userId: number, code: string, now: Date, enrolling: boolean): Promise<boolean> {
  const row = await db.selectFrom('twoFactor').select(['secret', 'enrolledAt']).where('userId', '=', userId).executeTakeFirst();
  if (!row || (row.enrolledAt === null) !== enrolling) return false;
  if (isTotpCode(code)) {
    const step = matchingStep(row.secret, code, now);
    if (step === null) return false;
    const moved = await db
      .updateTable('twoFactor')
      .set({ lastStep: step })
      .where('userId', '=', userId)
      .where((eb) => eb.or([eb('lastStep', 'is', null), eb('lastStep', '<', step)]))
      .executeTakeFirst();
    return Number(moved.numUpdatedRows) === 1;
  }
  if (enrolling || code.length > 20) return false;
  const used = await db
    .updateTable('twoFactorRecoveryCode')
    .set({ usedAt: now })
    .where('userId', '=', userId)
    .where('codeHash', '=', recoveryCodeHash(code))
    .where('usedAt', 'is', null)
    .executeTakeFirst();
  return Number(used.numUpdatedRows) >= 1;
}

/** Whether the user has a confirmed second factor. */
export async function isEnrolled(db: Db, userId: number): Promise<boolean> {
  const row = await db
    .selectFrom('twoFactor')
    .select('userId')
    .where('userId', '=', userId)
    .where('enrolledAt', 'is not', null)
    .executeTakeFirst();
  return row !== undefined;
}
