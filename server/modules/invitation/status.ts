import { sql } from 'kysely';
import type { InvitationStatus } from '../../../src/contract/invitation';
import type { Db } from '../../db/database';

/** What a stored invitation is now: stamps first (revoked, used), then the clock. */
export function invitationStatus(row: { revokedAt: Date | null; usedAt: Date | null; expiresAt: Date }, now: Date): InvitationStatus {
  if (row.revokedAt) return 'revoked';
  if (row.usedAt) return 'used';
  return row.expiresAt <= now ? 'expired' : 'open';
}

/** The same rule in SQL, for the list's status filter. */
export const invitationStatusSql = (now: Date) =>
  sql<InvitationStatus>`(case when invitation.revoked_at is not null then 'revoked' when invitation.used_at is not null then 'used' when invitation.expires_at <= ${now} then 'expired' else 'open' end)`;

/** Who issued and redeemed an invitation, and when: the columns of every invitation list (on `invitationsOfKind`). */
export const INVITATION_LIFECYCLE = [
  'creator.account as createdBy',
  'invitation.createdAt',
  'invitation.expiresAt',
  'invitation.revokedAt',
  'invitation.usedAt',
  'user.account as usedBy',
] as const;

/** An invitation's code and invitee with its lifecycle: the columns every invitation list starts with. */
export const INVITATION_COLUMNS = ['invitation.id', 'invitation.code', 'invitation.invitee', ...INVITATION_LIFECYCLE] as const;

/** The invitations of one kind, with their issuer (`creator`) and redeemer (`user`) joined. */
export const invitationsOfKind = (db: Db, kind: 'member' | 'merchant') =>
  db
    .selectFrom('invitation')
    .innerJoin('appUser as creator', 'creator.id', 'invitation.createdBy')
    .leftJoin('appUser as user', 'user.id', 'invitation.usedBy')
    .where('invitation.kind', '=', kind);
