import { z } from 'zod';
import { maskOf, ROLES } from '../../access';
import { listQuery } from './listQuery';

/** Who issues and withdraws codes: agent managers (the route group lets the agent row read them). */
export const INVITATION_ISSUERS = maskOf(ROLES.agentManager);

/** The merchant tiers a code may create (SPEC A5 tenant types): pro, standard, lite. */
export const INVITATION_TIERS = [3, 5, 4] as const;
export const INVITATION_STATUSES = ['open', 'used', 'expired', 'revoked'] as const;
export type InvitationStatus = (typeof INVITATION_STATUSES)[number];
export const INVITATION_DAYS = { default: 7, max: 90 } as const;

/** Body of POST /sys/invitation/save: the merchant org the code will create, and how long it stays valid. */
export const invitationBody = z.object({
  orgName: z.string({ error: 'validation.required' }).trim().min(1, { error: 'validation.required' }).max(100),
  tenantType: z.coerce
    .number({ error: 'validation.required' })
    .refine((t) => (INVITATION_TIERS as readonly number[]).includes(t), { error: 'validation.invitationTier' }),
  validDays: z.coerce.number({ error: 'validation.integer' }).int({ error: 'validation.integer' }).min(1).max(INVITATION_DAYS.max).default(INVITATION_DAYS.default),
});
export type InvitationBody = z.infer<typeof invitationBody>;

export const invitationSortable = ['id', 'orgName', 'tenantType', 'createdAt', 'expiresAt'] as const;
export const invitationListQuery = listQuery(invitationSortable, {
  status: z.enum(INVITATION_STATUSES).optional(),
  orgName: z.string().trim().max(100).optional(),
  code: z.string().trim().max(20).optional(),
});
export type InvitationListQuery = z.infer<typeof invitationListQuery>;

export interface InvitationRecord {
  id: number;
  /** 12 characters of Crockford base32, shown as XXXX-XXXX-XXXX. */
  code: string;
  orgName: string;
  tenantType: number;
  status: InvitationStatus;
  issuerOrgId: number;
  issuerOrgName: string;
  createdBy: string;
  createdAt: string;
  expiresAt: string;
  revokedAt: string | null;
  usedAt: string | null;
  /** Account of the merchant manager who signed up with it. */
  usedBy: string | null;
  /** The merchant org it created. */
  orgId: number | null;
}
