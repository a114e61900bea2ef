import { z } from 'zod';
import { twoFactorStatus } from './twoFactor';

/** Body of POST /sys/auth/login. Length caps stop a 1 MiB password from costing a scrypt run. */
export const loginBody = z.object({
  account: z.string().trim().min(1).max(64),
  password: z.string().min(1).max(256),
  /** The second factor (a TOTP or a recovery code), asked for once the password was right and the user is enrolled. */
  code: z.string().trim().max(32).optional(),
});

/** A password a user chooses: 8 to 256 characters with a letter and a digit (scrypt bounds the top). */
export const newPassword = z
  .string({ error: 'validation.required' })
  .min(1, { error: 'validation.required' })
  .refine((p) => p.length >= 8 && p.length <= 256 && /\p{L}/u.test(p) && /\d/.test(p), { error: 'validation.password' });

/** An account name: a letter, then letters, digits, `.`, `_` or `-`; 3 to 64 characters. */
export const accountName = z
  .string({ error: 'validation.required' })
  .trim()
  .min(1, { error: 'validation.required' })
  .regex(/^[A-Za-z][A-Za-z0-9._-]{2,63}$/, { error: 'validation.account' });

/** The form invitation codes are handed out in (see server/modules/invitation/code.ts); case and dashes are forgiven. */
export const invitationCode = z
  .string({ error: 'validation.required' })
  .trim()
  .min(1, { error: 'validation.required' })
  .transform((code) => code.toUpperCase().replace(/[\s-]/g, ''))
  .refine((code) => /^[0-9A-HJKMNP-TV-Z]{12}$/.test(code), { error: 'validation.invitationCode' });

/** Body of POST /sys/auth/signup (docs/api.md): a new merchant manager, signed in at once. */
export const signupBody = z.object({
  account: accountName,
  password: newPassword,
  // No schema-wide message: zod 4 would put it on the length check too (a long name read "Required.").
  userName: z.string().trim().min(1, { error: 'validation.required' }).max(100),
  invitationCode,
});
export type SignupBody = z.infer<typeof signupBody>;

/** Body of POST /sys/auth/join: a signed-in user redeems a code (joins an org, or starts a merchant org). */
export const joinBody = z.object({ invitationCode });
export type JoinBody = z.infer<typeof joinBody>;

export const orgMembership = z.object({
  orgId: z.number(),
  orgName: z.string(),
  tenantType: z.number(),
  roleLevel: z.number(),
});
export type OrgMembership = z.output<typeof orgMembership>;

/** `data` of login, sign-up and join (with token: sign-up only opens a session; join keeps the caller's). */
export const sessionInfo = z.object({
  token: z.string().optional(),
  userName: z.string(),
  account: z.string(),
  orgList: z.array(orgMembership),
  /** Absent from sign-up and join answers: a new account has no second factor yet. */
  twoFactor: twoFactorStatus.optional(),
});
/** `data` of login (with token) and of /sys/auth/me (without). */
export type SessionInfo = z.output<typeof sessionInfo>;

/** `data` of GET /sys/auth/me: who the token stands for, never the token. */
export const currentSession = sessionInfo.omit({ token: true });
