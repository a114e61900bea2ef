import type { DetectorOptions } from 'i18next-browser-languagedetector';
import { StorageKey } from '../contract/constants';
import { normalizeLanguage } from './languages';

/** Detection order (docs/console.md "Language"): query string `lng`, cookie, localStorage, sessionStorage, browser, `<html lang>`. */
export const DETECTION_ORDER = ['querystring', 'cookie', 'localStorage', 'sessionStorage', 'navigator', 'htmlTag'] as const;

export const DETECTION_OPTIONS: DetectorOptions = {
  order: [...DETECTION_ORDER],
  lookupQuerystring: 'lng',
  lookupCookie: 'i18next',
  lookupLocalStorage: StorageKey.language,
  lookupSessionStorage: StorageKey.language,
  caches: ['localStorage'],
  convertDetectedLanguage: (lng: string) => normalizeLanguage(lng),
};
