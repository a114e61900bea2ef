import type { FastifyRequest } from 'fastify';
import type { ServerContext } from '../../http/serverContext';
import { membershipsOf } from '../../http/caller';
import { ApiError } from '../../http/apiError';
import { BodyCode } from '../../../src/contract/envelope';
import type { SessionInfo, SignupBody } from '../../../src/contract/schemas/auth';
import { assertInvitee, lockOpenInvitation, redeemInvitation } from './invitationRedeem';
import { accountKey, storedAccountKey } from './accountKey';
import { hashPassword } from '../../credentials/password';
import { openSession } from './openSession';

/**
 * POST /sys/auth/signup (docs/api.md): an open invitation code issued for this account name
 * creates the account and uses the code up — a merchant code also creates its merchant org under the issuing agent with
 * the user as manager; a member code makes the user a member of its org with its role —
 * all in one transaction with the invitation row locked, so a code signs up exactly one
 * account even under concurrent attempts. The new user is signed in at once.
 */
export async function signUp(context: ServerContext, body: SignupBody, request: FastifyRequest): Promise<SessionInfo> {
  const { db } = context;
  // Hashing before the transaction keeps the row lock short.
  const passwordHash = await hashPassword(body.password);
  const now = context.now();
  const userId = await db.transaction().execute(async (trx) => {
    const invitation = await lockOpenInvitation(trx, body.invitationCode, now);
    assertInvitee(invitation, body.account, 'account');
    const taken = await trx.selectFrom('appUser').select('id').where(storedAccountKey, '=', accountKey(body.account)).executeTakeFirst();
    if (taken) throw new ApiError(BodyCode.conflict, 'api.accountTaken', { fields: { account: { key: 'validation.duplicate' } } });
    const user = await trx
      .insertInto('appUser')
      .values({ account: body.account, userName: body.userName, passwordHash, createdAt: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    await redeemInvitation(trx, invitation, user.id, now);
    return user.id;
  });
  const token = await openSession(context, userId, request);
  return { token, userName: body.userName, account: body.account, orgList: await membershipsOf(db, userId) };
}
