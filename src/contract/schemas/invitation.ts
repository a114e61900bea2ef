import { z } from 'zod';
import { INVITATION_DAYS, INVITATION_STATUSES, INVITATION_TIERS } from '../invitation';
import { listQuery } from './listQuery';
import { accountName } from './auth';
import { isoInstant } from './response';

/** Body of POST /sys/invitation/save: the merchant org the code will create, for whom, and how long it stays valid. */
export const invitationBody = z.object({
  orgName: z.string().trim().min(1, { error: 'validation.required' }).max(100),
  /** The one account that may redeem it: signing up under this name, or joining as it. */
  invitee: accountName,
  tenantType: z.coerce
    .number({ error: 'validation.required' })
    .refine((t) => (INVITATION_TIERS as readonly number[]).includes(t), { error: 'validation.invitationTier' }),
  validDays: z.coerce
    .number({ error: 'validation.integer' })
    .int({ error: 'validation.integer' })
    .min(1)
    .max(INVITATION_DAYS.max)
    .default(INVITATION_DAYS.default),
});
export type InvitationBody = z.infer<typeof invitationBody>;

export const invitationSortable = ['id', 'orgName', 'tenantType', 'createdAt', 'expiresAt'] as const;
export const invitationListQuery = listQuery(invitationSortable, {
  status: z.enum(INVITATION_STATUSES).optional(),
  orgName: z.string().trim().max(100).optional(),
  code: z.string().trim().max(20).optional(),
});
export type InvitationListQuery = z.infer<typeof invitationListQuery>;

export const invitationRecord = z.object({
  id: z.number(),
  /** 12 characters of Crockford base32, shown as XXXX-XXXX-XXXX; only its last 4 to those who do not issue codes. */
  code: z.string(),
  orgName: z.string(),
  /** The account it is for; null on codes issued before invitations named one (withdrawn since). */
  invitee: z.string().nullable(),
  tenantType: z.number(),
  status: z.enum(INVITATION_STATUSES),
  issuerOrgId: z.number(),
  issuerOrgName: z.string(),
  createdBy: z.string(),
  createdAt: isoInstant,
  expiresAt: isoInstant,
  revokedAt: isoInstant.nullable(),
  usedAt: isoInstant.nullable(),
  /** Account of the merchant manager who signed up with it. */
  usedBy: z.string().nullable(),
  /** The merchant org it created. */
  orgId: z.number().nullable(),
});
export type InvitationRecord = z.output<typeof invitationRecord>;
