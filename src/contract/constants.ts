/** Fixed numbers of SPEC A8. */
export const REQUEST_TIMEOUT_MS = 30_000;
export const DEFAULT_LANGUAGE = 'en-US';
export const LANGUAGES = ['en-US', 'zh-CN'] as const;
export type Language = (typeof LANGUAGES)[number];
export const TRANSLATION_RETRIES = 5;
export const TRANSLATION_RETRY_FIRST_DELAY_MS = 350;
export const TOAST_AUTO_CLOSE_MS = 3000;
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;

/** Local storage keys of SPEC A3/A8. */
export const StorageKey = {
  token: 'token',
  language: 'i18nextLng',
  lastChain: 'lastChainObj',
  brand: 'brand-config',
  selectedOrg: 'selectedOrgId',
} as const;

/** Header carrying the selected org (SPEC B2). */
export const ORG_HEADER = 'X-Org-Id';

export const API_BASE = '/api';

/** The largest page a list call returns (SPEC B3 `pageSize`); lookups and exports ask for pages of this size. */
export const MAX_PAGE_SIZE = 500;
