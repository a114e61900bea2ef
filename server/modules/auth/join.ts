import type { ServerContext } from '../../http/serverContext';
import type { Caller } from '../../http/caller';
import { membershipsOf } from '../../http/caller';
import { ApiError } from '../../http/apiError';
import { BodyCode } from '../../../src/contract/envelope';
import type { JoinBody, SessionInfo } from '../../../src/contract/schemas/auth';
import { assertInvitee, lockOpenInvitation, redeemInvitation } from './invitationRedeem';

/**
 * POST /sys/auth/join: an existing account redeems a code issued for it while signed in — a member code
 * adds the org to its memberships (one user, several orgs, as docs/roles-and-routes.md allows), a merchant
 * code starts that merchant org with the user as manager. Same locked transaction as sign-up.
 */
export async function joinWithCode(context: ServerContext, caller: Caller, body: JoinBody): Promise<SessionInfo> {
  const now = context.now();
  // The answer is read inside the transaction that wrote it (docs/DECISIONS.md "Idempotency and honest answers").
  return context.db.transaction().execute(async (trx) => {
    const invitation = await lockOpenInvitation(trx, body.invitationCode, now);
    assertInvitee(invitation, caller.account, 'invitationCode');
    const orgId = invitation.targetOrgId;
    if (orgId !== null) {
      const member = await trx
        .selectFrom('membership')
        .select('userId')
        .where((eb) => eb.and({ userId: caller.userId, orgId }))
        .executeTakeFirst();
      if (member)
        throw new ApiError(BodyCode.conflict, 'api.alreadyMember', { fields: { invitationCode: { key: 'validation.alreadyMember' } } });
    }
    await redeemInvitation(trx, invitation, caller.userId, now);
    return { userName: caller.userName, account: caller.account, orgList: await membershipsOf(trx, caller.userId) };
  });
}
