/** Placeholder until the API-key resource lands (replaced by its own file). */
export const API_KEY_SCOPES = ['orders:write', 'orders:read'] as const;
export type ApiKeyScope = (typeof API_KEY_SCOPES)[number];
