/**
 * Merchant API keys (docs/api.md "Merchant API keys"): what both sides and the merchant API's
 * lookup (server/modules/apiKey/lookup.ts) agree on, free of zod (the declaration imports it).
 */

/** What a key may do; `webhooks` comes later. */
export const API_KEY_SCOPES = ['orders:write', 'orders:read'] as const;
export type ApiKeyScope = (typeof API_KEY_SCOPES)[number];

export const isApiKeyScope = (value: unknown): value is ApiKeyScope => API_KEY_SCOPES.includes(value as ApiKeyScope);

/** Every key starts so: a key pasted where a session token goes is told apart at a glance. */
export const API_KEY_MARK = 'ck_';
/** Random bytes per key: 32, so the key itself is the secret and a plain SHA-256 stores it (docs/DECISIONS.md "Merchant API keys"). */
export const API_KEY_BYTES = 32;
/** `ck_` and base64url (no padding) of 32 bytes: 43 characters. */
export const API_KEY_FORMAT = /^ck_[A-Za-z0-9_-]{43}$/;
/** Characters of the key kept in clear for lists: `ck_` and the first 7 of the secret (`ck_3fA9xQz`). */
export const API_KEY_PREFIX_LENGTH = 10;

export const isApiKeyFormat = (presented: string): boolean => API_KEY_FORMAT.test(presented);
export const apiKeyPrefix = (key: string): string => key.slice(0, API_KEY_PREFIX_LENGTH);
