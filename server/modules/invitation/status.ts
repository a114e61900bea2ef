import { sql } from 'kysely';
import type { InvitationStatus } from '../../../src/contract/invitation';

/** What a stored invitation is now: stamps first (revoked, used), then the clock. */
export function invitationStatus(row: { revokedAt: Date | null; usedAt: Date | null; expiresAt: Date }, now: Date): InvitationStatus {
  if (row.revokedAt) return 'revoked';
  if (row.usedAt) return 'used';
  return row.expiresAt <= now ? 'expired' : 'open';
}

/** The same rule in SQL, for the list's status filter. */
export const invitationStatusSql = (now: Date) =>
  sql<InvitationStatus>`(case when invitation.revoked_at is not null then 'revoked' when invitation.used_at is not null then 'used' when invitation.expires_at <= ${now} then 'expired' else 'open' end)`;
