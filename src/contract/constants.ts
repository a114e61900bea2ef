/** Fixed numbers of the console (docs/console.md). */
export const REQUEST_TIMEOUT_MS = 30_000;
export const DEFAULT_LANGUAGE = 'en-US';
export const LANGUAGES = ['en-US', 'zh-CN'] as const;
export type Language = (typeof LANGUAGES)[number];
export const TRANSLATION_RETRIES = 5;
export const TRANSLATION_RETRY_FIRST_DELAY_MS = 350;
export const TOAST_AUTO_CLOSE_MS = 3000;
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;

/** Local storage keys (docs/console.md "Client state"). */
export const StorageKey = {
  token: 'token',
  language: 'i18nextLng',
  lastChain: 'lastChainObj',
  brand: 'brand-config',
  selectedOrg: 'selectedOrgId',
} as const;

/** Header carrying the selected org (docs/api.md "Requests"). */
export const ORG_HEADER = 'X-Org-Id';

export const API_BASE = '/api';

/** The largest page a list call returns (`pageSize`, docs/api.md "Lists"); lookups and exports ask for pages of this size. */
export const MAX_PAGE_SIZE = 500;
