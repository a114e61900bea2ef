import type { Db } from '../../db/database';
import type { Caller } from '../../http/caller';
import { ApiError, conflict, fieldError } from '../../http/apiError';
import { BodyCode, type ListResult } from '../../../src/contract/envelope';
import type { AccountPasswordBody, AccountProfile, AccountSession, AccountUpdateBody } from '../../../src/contract/schemas/account';
import { hashPassword, verifyPassword } from '../../credentials/password';

/** More open sessions than this are counted but not listed: a person reads a page, not thousands. */
const SESSION_LIST_LIMIT = 100;

/** POST /sys/account/update: the caller renames themselves. */
export async function renameSelf(db: Db, caller: Caller, body: AccountUpdateBody): Promise<AccountProfile> {
  return db
    .transaction()
    .execute((trx) =>
      trx
        .updateTable('appUser')
        .set({ userName: body.userName })
        .where('id', '=', caller.userId)
        .returning(['account', 'userName'])
        .executeTakeFirstOrThrow(),
    );
}

/**
 * POST /sys/account/password: the current password is checked and the new one hashed
 * before the transaction, so no lock is held across two scrypt runs (PGlite has one
 * connection: a held transaction would stall every other call). Inside, the stored hash
 * must still be the one verified; a concurrent change in between is refused (409).
 * Every other session of the user is revoked; the calling one stays signed in.
 */
export async function changePassword(db: Db, caller: Caller, body: AccountPasswordBody, now: Date): Promise<null> {
  const user = await db.selectFrom('appUser').select('passwordHash').where('id', '=', caller.userId).executeTakeFirstOrThrow();
  // 400 on the field, not 401: a 401/403 body code signs the console out (docs/api.md "Body codes").
  if (!(await verifyPassword(body.currentPassword, user.passwordHash)))
    throw fieldError('currentPassword', 'validation.currentPasswordWrong');
  const passwordHash = await hashPassword(body.newPassword);
  await db.transaction().execute(async (trx) => {
    const changed = await trx
      .updateTable('appUser')
      .set({ passwordHash })
      .where('id', '=', caller.userId)
      .where('passwordHash', '=', user.passwordHash)
      .returning('id')
      .executeTakeFirst();
    if (!changed) throw conflict('api.passwordChangedMeanwhile');
    await trx
      .updateTable('session')
      .set({ revokedAt: now })
      .where('userId', '=', caller.userId)
      .where('tokenHash', '!=', caller.tokenHash)
      .where('revokedAt', 'is', null)
      .execute();
  });
  return null;
}

const openSessionsOf = (db: Db, caller: Caller, now: Date) =>
  db.selectFrom('session').where('userId', '=', caller.userId).where('revokedAt', 'is', null).where('expiresAt', '>', now);

/** GET /sys/account/session/list: the caller's open sessions, newest first. */
export async function listOwnSessions(db: Db, caller: Caller, now: Date): Promise<ListResult<AccountSession>> {
  const [rows, total] = await Promise.all([
    openSessionsOf(db, caller, now)
      .leftJoin('sessionUse', 'sessionUse.sessionId', 'session.id')
      .select(['session.id', 'session.tokenHash', 'session.createdAt', 'session.expiresAt', 'session.userAgent', 'sessionUse.lastUsedAt'])
      .orderBy('session.createdAt', 'desc')
      .orderBy('session.id', 'desc')
      .limit(SESSION_LIST_LIMIT)
      .execute(),
    openSessionsOf(db, caller, now)
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .executeTakeFirstOrThrow(),
  ]);
  return {
    list: rows.map(({ tokenHash, createdAt, expiresAt, lastUsedAt, ...row }) => ({
      ...row,
      createdAt: createdAt.toISOString(),
      expiresAt: expiresAt.toISOString(),
      // Signing in is its first use.
      lastUsedAt: (lastUsedAt ?? createdAt).toISOString(),
      current: tokenHash === caller.tokenHash,
    })),
    count: Number(total.count),
  };
}

/**
 * POST /sys/account/session/delete/{id}: revokes one of the caller's open sessions, the
 * calling one included. Another user's session answers like an unknown one (404).
 */
export async function revokeOwnSession(db: Db, caller: Caller, id: number, now: Date): Promise<null> {
  await db.transaction().execute(async (trx) => {
    const revoked = await trx
      .updateTable('session')
      .set({ revokedAt: now })
      .where('id', '=', id)
      .where('userId', '=', caller.userId)
      .where('revokedAt', 'is', null)
      .where('expiresAt', '>', now)
      .returning('id')
      .executeTakeFirst();
    if (!revoked) throw new ApiError(BodyCode.notFound, 'api.sessionNotFound');
  });
  return null;
}
