import { z } from 'zod';
import { newPassword } from './auth';
import { isoInstant, listResult } from './response';

/** Body of POST /sys/account/update: the caller's own display name (as at sign-up). */
export const accountUpdateBody = z.object({
  // No schema-wide error: zod 4 would put it on the length check too ("Required." for a long name).
  userName: z.string().trim().min(1, { error: 'validation.required' }).max(100),
});
export type AccountUpdateBody = z.infer<typeof accountUpdateBody>;

/**
 * Body of POST /sys/account/password. The new password follows the sign-up rule and must
 * differ from the current one as scrypt sees it (NFKC: full-width letters equal ASCII ones),
 * so the form can say so before the request leaves.
 */
export const accountPasswordBody = z
  .object({
    currentPassword: z.string({ error: 'validation.required' }).min(1, { error: 'validation.required' }).max(256),
    newPassword,
  })
  .refine((body) => body.newPassword.normalize('NFKC') !== body.currentPassword.normalize('NFKC'), {
    error: 'validation.passwordUnchanged',
    path: ['newPassword'],
  });
export type AccountPasswordBody = z.infer<typeof accountPasswordBody>;

/** `data` of POST /sys/account/update. */
export const accountProfile = z.object({ account: z.string(), userName: z.string() });
export type AccountProfile = z.output<typeof accountProfile>;

/** One of the caller's open sessions: `id` is a surrogate key, never the token or its hash. */
export const accountSession = z.object({
  id: z.number(),
  createdAt: isoInstant,
  expiresAt: isoInstant,
  /** When a request last came with it, to the minute (its sign-in when none has since). */
  lastUsedAt: isoInstant,
  userAgent: z.string().nullable(),
  /** The session this very call was made with. */
  current: z.boolean(),
});
export type AccountSession = z.output<typeof accountSession>;

/** `data` of GET /sys/account/session/list: the newest open sessions and how many there are. */
export const accountSessionList = listResult(accountSession);
