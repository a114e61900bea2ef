/**
 * Invitation constants both sides read, free of zod so declarations can import them
 * without pulling the schemas into the console's start.
 */
/** The merchant tiers a code may create (tenant types, docs/roles-and-routes.md): pro, standard, lite. */
export const INVITATION_TIERS = [3, 5, 4] as const;
export const INVITATION_STATUSES = ['open', 'used', 'expired', 'revoked'] as const;
export type InvitationStatus = (typeof INVITATION_STATUSES)[number];
export const INVITATION_DAYS = { default: 7, max: 90 } as const;
