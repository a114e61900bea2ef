import { z } from 'zod';
import type { RoleLevelLabel, RoleName } from '../../access';
import { INVITATION_DAYS, INVITATION_STATUSES } from '../invitation';
import { listQuery, recordId } from './listQuery';
import { accountName } from './auth';
import { isoInstant, listResult } from './response';

/**
 * GET /sys/member/list: the members of one org (default: the selected org, X-Org-Id),
 * which must be in the caller's tenancy scope. One row per user: `id` is the user id.
 */
export const memberSortable = ['id', 'userId', 'account', 'userName', 'roleLevel', 'createdAt'] as const;
export const memberListQuery = listQuery(memberSortable, {
  orgId: recordId.optional(),
  account: z.string().trim().max(64).optional(),
  userName: z.string().trim().max(100).optional(),
  roleLevel: z.coerce.number({ error: 'validation.invalidId' }).int().min(0).max(5).optional(),
});
export type MemberListQuery = z.infer<typeof memberListQuery>;

/** GET /sys/member/detail?id=<userId> and /sys/member/roles: of the selected org unless `orgId` names another in scope. */
export const memberDetailQuery = z.object({ id: recordId, orgId: recordId.optional() });
export const memberRolesQuery = z.object({ orgId: recordId.optional() });

/** Body of POST /sys/member/update: a member's new role level in the org (its column, docs/roles-and-routes.md). */
export const memberUpdateBody = z.object({
  userId: recordId,
  orgId: recordId.optional(),
  roleLevel: z.coerce
    .number({ error: 'validation.required' })
    .int({ error: 'validation.roleLevel' })
    .min(0, { error: 'validation.roleLevel' })
    .max(5, { error: 'validation.roleLevel' }),
});
export type MemberUpdateBody = z.infer<typeof memberUpdateBody>;

/** A membership as the API answers it (MemberRecord; `role` and `roleLabel` are checked as text only). */
export const memberRecord = z.object({
  id: z.number(),
  userId: z.number(),
  account: z.string(),
  userName: z.string(),
  orgId: z.number(),
  orgName: z.string(),
  tenantType: z.number(),
  roleLevel: z.number(),
  role: z.string().nullable(),
  roleLabel: z.string(),
  createdAt: isoInstant,
});

export interface MemberRecord {
  id: number;
  userId: number;
  account: string;
  userName: string;
  orgId: number;
  orgName: string;
  tenantType: number;
  roleLevel: number;
  /** The role this membership gives (docs/roles-and-routes.md), e.g. `merchantProFinance`. */
  role: RoleName | null;
  /** Manager / Finance / Employee: the translation key `role.<roleLabel>`. */
  roleLabel: RoleLevelLabel;
  /** When the user joined the org. */
  createdAt: string;
}

/** Body of POST /sys/member/invite: a code that brings one named account into the selected org with this role. */
export const memberInviteBody = z.object({
  invitee: accountName,
  roleLevel: z.coerce
    .number({ error: 'validation.required' })
    .int({ error: 'validation.roleLevel' })
    .min(0, { error: 'validation.roleLevel' })
    .max(5, { error: 'validation.roleLevel' }),
  validDays: z.coerce
    .number({ error: 'validation.integer' })
    .int({ error: 'validation.integer' })
    .min(1)
    .max(INVITATION_DAYS.max)
    .default(INVITATION_DAYS.default),
});
export type MemberInviteBody = z.infer<typeof memberInviteBody>;

export const memberInvitationListQuery = listQuery(['id', 'createdAt', 'expiresAt'] as const, {
  status: z.enum(INVITATION_STATUSES).optional(),
});
export type MemberInvitationListQuery = z.infer<typeof memberInvitationListQuery>;

const roleLevelLabel = z.custom<RoleLevelLabel>((value) => typeof value === 'string');

export const memberInvitationRecord = z.object({
  id: z.number(),
  /** XXXX-XXXX-XXXX, for /signup. */
  code: z.string(),
  orgId: z.number(),
  roleLevel: z.number(),
  roleLabel: roleLevelLabel,
  /** The account it is for; null on codes issued before invitations named one (withdrawn since). */
  invitee: z.string().nullable(),
  status: z.enum(INVITATION_STATUSES),
  createdBy: z.string(),
  createdAt: isoInstant,
  expiresAt: isoInstant,
  usedBy: z.string().nullable(),
});
export type MemberInvitationRecord = z.output<typeof memberInvitationRecord>;
export const memberInvitationList = listResult(memberInvitationRecord);

/** GET /sys/member/roles: the role levels of the org's tier, as the invite and role forms offer them. */
export const memberRoleList = listResult(
  z.object({ roleLevel: z.number(), roleLabel: roleLevelLabel, role: z.custom<RoleName>((value) => typeof value === 'string') }),
);
