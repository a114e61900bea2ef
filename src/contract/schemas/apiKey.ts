import { z } from 'zod';
import { API_KEY_SCOPES, isApiKeyScope } from '../apiKey';
import { listQuery, queryBoolean } from './listQuery';
import { isoInstant } from './response';

/** Body of POST /sys/api-key/save: a name and at least one scope (docs/api.md "Merchant API keys"). */
export const apiKeyBody = z.object({
  name: z.string().trim().min(1, { error: 'validation.required' }).max(100),
  // One message on `scopes` itself, naming the scopes there are, whichever entry is wrong.
  scopes: z
    .array(z.string(), { error: 'validation.required' })
    .min(1, { error: 'validation.required' })
    .refine((scopes) => scopes.every(isApiKeyScope), { message: 'validation.oneOf', params: { values: API_KEY_SCOPES.join(', ') } })
    .transform((scopes) => API_KEY_SCOPES.filter((scope) => scopes.includes(scope))),
});
export type ApiKeyBody = z.infer<typeof apiKeyBody>;

export const apiKeySortable = ['id', 'name', 'createdAt', 'lastUsedAt'] as const;
export const apiKeyListQuery = listQuery(apiKeySortable, {
  /** Only keys still in force (true) or only revoked ones (false). */
  active: queryBoolean.optional(),
});
export type ApiKeyListQuery = z.infer<typeof apiKeyListQuery>;

/**
 * A key as the API answers it: never its secret nor its hash, except `key`, the whole key, in the
 * answer of its creation only (shown once; the server keeps its SHA-256).
 */
export const apiKeyRecord = z.object({
  id: z.number(),
  orgId: z.number(),
  name: z.string(),
  prefix: z.string(),
  scopes: z.array(z.enum(API_KEY_SCOPES)),
  createdBy: z.string().nullable(),
  createdAt: isoInstant,
  lastUsedAt: isoInstant.nullable(),
  revokedAt: isoInstant.nullable(),
  revokedBy: z.string().nullable(),
  /** `active` or `revoked`. */
  status: z.enum(['active', 'revoked']),
  /** The whole key: in the answer of save only, never again. */
  key: z.string().optional(),
});
export type ApiKeyRecord = z.output<typeof apiKeyRecord>;
export type ApiKeyRecordInput = z.input<typeof apiKeyRecord>;
