import type { i18n as I18n } from 'i18next';
import type { I18nProvider } from 'react-admin';
import { getI18nProvider } from 'ra-i18n-i18next';
import { LANGUAGES } from '../contract/constants';
import { createI18n, i18nOptions } from './createI18n';
import { LANGUAGE_NAMES } from './languages';

/** The one instance; the HTTP client reads its language for Accept-Language. */
export const i18n: I18n = createI18n();

export const currentLanguage = () => i18n.resolvedLanguage ?? i18n.language;

/** Initialises i18next (detector, backend, retries) and wraps it for react-admin. */
export async function createI18nProvider(): Promise<I18nProvider> {
  const provider = await getI18nProvider(
    i18n,
    i18nOptions(),
    LANGUAGES.map((locale) => ({ locale, name: LANGUAGE_NAMES[locale] })),
  );
  i18n.on('languageChanged', (lng) => document.documentElement.setAttribute('lang', lng));
  document.documentElement.setAttribute('lang', currentLanguage());
  return provider;
}

/** Translates outside React (HTTP client errors, form validation); unknown text passes through. */
export const t = (key: string, params?: Record<string, unknown>) => i18n.t(key, { defaultValue: key, ...params });
