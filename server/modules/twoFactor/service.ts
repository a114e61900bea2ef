import type { Db } from '../../db/database';
import type { Caller } from '../../http/caller';
import { conflict, fieldError } from '../../http/apiError';
import type { StepUpResult, TwoFactorEnrolment, TwoFactorRecoveryCodes, TwoFactorState } from '../../../src/contract/schemas/twoFactor';
import { STEP_UP_MS, isStepUpFresh } from '../../http/stepUp';
import { issuerOf, newTotpSecret, otpauthUri } from './totp';
import { readBrand } from '../brand/service';
import { newRecoveryCodes, recoveryCodeHash } from './recoveryCodes';
import { recordAuditEvent } from '../auditLog/record';

/** GET /sys/account/two-factor. */
export async function twoFactorState(db: Db, caller: Caller, now: Date): Promise<TwoFactorState> {
  const left = await db
    .selectFrom('twoFactorRecoveryCode')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('userId', '=', caller.userId)
    .where('usedAt', 'is', null)
    .executeTakeFirstOrThrow();
  const { enrolled, required, stepUpAt } = caller.twoFactor;
  return {
    enrolled,
    required,
    recoveryCodesLeft: enrolled ? Number(left.count) : 0,
    stepUpUntil: enrolled && stepUpAt && isStepUpFresh(stepUpAt, now) ? new Date(stepUpAt.getTime() + STEP_UP_MS).toISOString() : null,
  };
}

/**
 * POST /sys/account/two-factor/start: a new secret, pending until a code confirms it. Starting
 * again replaces a pending one (a lost QR code); an enrolled user disables first. The entry is
 * named by the brand the console shows (docs/DECISIONS.md "Authenticator entry").
 */
export async function startEnrolment(db: Db, caller: Caller): Promise<TwoFactorEnrolment> {
  if (caller.twoFactor.enrolled) throw conflict('api.twoFactorAlreadyEnrolled');
  const secret = newTotpSecret();
  await db
    .insertInto('twoFactor')
    .values({ userId: caller.userId, secret, enrolledAt: null, lastStep: null })
    .onConflict((oc) =>
      oc.column('userId').doUpdateSet({ secret, enrolledAt: null, lastStep: null }).where('twoFactor.enrolledAt', 'is', null),
    )
    .execute();
  const { brandName } = await readBrand(db);
  return { secret, uri: otpauthUri(secret, caller.account, issuerOf(brandName)) };
}

/**
 * The second half of POST /sys/account/two-factor/confirm, once the code checked out: the user
 * is enrolled and gets fresh recovery codes, returned this once and stored only as hashes.
 */
export async function finishEnrolment(db: Db, caller: Caller, now: Date): Promise<TwoFactorRecoveryCodes> {
  const recoveryCodes = newRecoveryCodes();
  await db.transaction().execute(async (trx) => {
    await trx.updateTable('twoFactor').set({ enrolledAt: now }).where('userId', '=', caller.userId).execute();
    await trx.deleteFrom('twoFactorRecoveryCode').where('userId', '=', caller.userId).execute();
    await trx
      .insertInto('twoFactorRecoveryCode')
      .values(recoveryCodes.map((code) => ({ userId: caller.userId, codeHash: recoveryCodeHash(code), usedAt: null })))
      .execute();
  });
  await recordAuditEvent(db, { action: 'twoFactorEnrol', entity: 'user', entityId: String(caller.userId) });
  return { recoveryCodes };
}

/** Confirm needs a pending, unconfirmed secret: refuses an enrolled caller (409) or one who never started (400). */
export async function requirePending(db: Db, caller: Caller): Promise<void> {
  if (caller.twoFactor.enrolled) throw conflict('api.twoFactorAlreadyEnrolled');
  const row = await db.selectFrom('twoFactor').select('userId').where('userId', '=', caller.userId).executeTakeFirst();
  if (!row) throw fieldError('code', 'validation.twoFactorNotStarted');
}

/** The end of POST /sys/account/two-factor/disable, once password and code checked out. */
export async function removeSecondFactor(db: Db, caller: Caller): Promise<null> {
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('twoFactorRecoveryCode').where('userId', '=', caller.userId).execute();
    await trx.deleteFrom('twoFactor').where('userId', '=', caller.userId).execute();
    await trx.updateTable('session').set({ stepUpAt: null }).where('userId', '=', caller.userId).execute();
  });
  await recordAuditEvent(db, { action: 'twoFactorDisable', entity: 'user', entityId: String(caller.userId) });
  return null;
}

/** The end of POST /sys/account/two-factor/step-up: this session, and no other, is stepped up from now. */
export async function recordStepUp(db: Db, caller: Caller, now: Date): Promise<StepUpResult> {
  await db.updateTable('session').set({ stepUpAt: now }).where('tokenHash', '=', caller.tokenHash).execute();
  return { stepUpUntil: new Date(now.getTime() + STEP_UP_MS).toISOString() };
}

/** POST /sys/org/two-factor: a manager makes enrolment mandatory in the selected org, once enrolled themselves. */
export async function setOrgRequirement(db: Db, caller: Caller, required: boolean): Promise<{ required: boolean }> {
  // A manager without a second factor who turned it on would lock themselves out of everything but enrolment.
  if (required && !caller.twoFactor.enrolled) throw fieldError('required', 'validation.twoFactorEnrolFirst');
  await db.updateTable('org').set({ requireTwoFactor: required }).where('id', '=', caller.org.orgId).execute();
  return { required };
}

/** Whether an org makes enrolment mandatory (sign-in tells the console for the first org). */
export async function orgRequiresTwoFactor(db: Db, orgId: number): Promise<boolean> {
  const row = await db.selectFrom('org').select('requireTwoFactor').where('id', '=', orgId).executeTakeFirst();
  return row?.requireTwoFactor ?? false;
}
