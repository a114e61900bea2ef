import { DEFAULT_CHANGE_DELAY_HOURS, DEFAULT_POLICY_RULES } from '../../../src/contract/policy';
import { insertPolicyVersion } from '../policy/versions';
import type { Selectable, Transaction } from 'kysely';
import type { Database, InvitationTable } from '../../db/schema';
import { ApiError, fieldError } from '../../http/apiError';
import { BodyCode } from '../../../src/contract/envelope';
import { invitationStatus } from '../invitation/status';
import { accountKey } from './accountKey';

const refusalKey = {
  used: 'validation.invitationUsed',
  expired: 'validation.invitationExpired',
  revoked: 'validation.invitationRevoked',
} as const;

/** The open invitation with this code, its row locked for the rest of the transaction; else a refusal on the code field. */
export async function lockOpenInvitation(trx: Transaction<Database>, code: string, now: Date): Promise<Selectable<InvitationTable>> {
  const invitation = await trx.selectFrom('invitation').selectAll().where('code', '=', code).forUpdate().executeTakeFirst();
  if (!invitation) throw fieldError('invitationCode', 'validation.invitationUnknown');
  const status = invitationStatus(invitation, now);
  if (status !== 'open') throw fieldError('invitationCode', refusalKey[status]);
  return invitation;
}

/**
 * A code is for the account it was issued to. Anyone else holding it (it was read over a
 * shoulder, or listed to a colleague) is refused with a 403 on `field`, thrown before
 * anything is written: the code stays open for its invitee. The invitee is not named in the
 * answer. Codes that name nobody predate the binding and redeem for no one.
 */
export function assertInvitee(invitation: Selectable<InvitationTable>, account: string, field: 'account' | 'invitationCode'): void {
  if (invitation.invitee !== null && accountKey(invitation.invitee) === accountKey(account)) return;
  throw new ApiError(BodyCode.forbidden, 'api.invitationForAnother', { fields: { [field]: { key: 'validation.invitationForAnother' } } });
}

/**
 * What a code gives the user: a merchant code creates its org under the issuer with the
 * user as manager; a member code makes the user a member of its org with its role. The
 * code is then used up. Returns the org joined.
 */
export async function redeemInvitation(
  trx: Transaction<Database>,
  invitation: Selectable<InvitationTable>,
  userId: number,
  now: Date,
): Promise<number> {
  const joinsExisting = invitation.kind === 'member' && invitation.targetOrgId !== null;
  const orgId = joinsExisting
    ? invitation.targetOrgId!
    : (
        await trx
          .insertInto('org')
          .values({
            name: invitation.orgName ?? '',
            tenantType: invitation.tenantType ?? 0,
            parentId: invitation.issuerOrgId,
            createdAt: now,
          })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
  // A new org starts with the default rules, in force at once (there is nothing to move yet).
  if (!joinsExisting)
    await insertPolicyVersion(trx, {
      orgId,
      rules: DEFAULT_POLICY_RULES,
      delayHours: DEFAULT_CHANGE_DELAY_HOURS,
      activeFrom: now,
      createdBy: null,
      at: now,
    });
  await trx
    .insertInto('membership')
    .values({ userId, orgId, roleLevel: invitation.roleLevel ?? 0, createdAt: now })
    .execute();
  await trx.updateTable('invitation').set({ usedAt: now, usedBy: userId, orgId }).where('id', '=', invitation.id).execute();
  return orgId;
}
