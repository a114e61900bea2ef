import { createInstance, type i18n as I18n, type InitOptions } from 'i18next';
import LanguageDetector from 'i18next-browser-languagedetector';
import HttpBackend, { type HttpBackendOptions } from 'i18next-http-backend';
import versions from 'virtual:locale-versions';
import { DEFAULT_LANGUAGE, LANGUAGES, TRANSLATION_RETRIES, TRANSLATION_RETRY_FIRST_DELAY_MS } from '../contract/constants';
import { DETECTION_OPTIONS } from './detection';

export const NAMESPACES = ['translation', 'api'] as const;

/** `/locales/<lng>/<ns>.json?v=<content hash>` (docs/console.md): a changed file gets a new URL. */
export const localeUrl = (lng: string, ns: string, table: Record<string, string> = versions) =>
  `/locales/${lng}/${ns}.json?v=${table[`${lng}/${ns}`] ?? 'dev'}`;

/**
 * Options for i18next itself. Retries are i18next's own: a failed load (network or
 * 5xx) is tried again up to 5 times, first after 350 ms, the wait doubling each time.
 */
export function i18nOptions(): InitOptions & { backend: HttpBackendOptions } {
  return {
    // No `lng`: the detector decides (ra-i18n-i18next would otherwise force 'en').
    lng: undefined,
    supportedLngs: [...LANGUAGES],
    fallbackLng: DEFAULT_LANGUAGE,
    load: 'currentOnly',
    ns: [...NAMESPACES],
    defaultNS: 'translation',
    fallbackNS: 'api',
    // Server messages are sentences that may contain ':'; they pass through untranslated.
    nsSeparator: false,
    interpolation: { escapeValue: false },
    maxRetries: TRANSLATION_RETRIES,
    retryTimeout: TRANSLATION_RETRY_FIRST_DELAY_MS,
    detection: DETECTION_OPTIONS,
    backend: { loadPath: (lngs: string[], nss: string[]) => localeUrl(lngs[0], nss[0]) },
    react: { useSuspense: false },
  };
}

/** The console's i18next instance with its backend and detector (not yet initialised). */
export function createI18n(): I18n {
  return createInstance().use(HttpBackend).use(LanguageDetector);
}
