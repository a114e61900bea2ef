import type { i18n as I18n } from 'i18next';
import { localStorageStore, type I18nProvider, type Store } from 'react-admin';
import { getI18nProvider } from 'ra-i18n-i18next';
import { LANGUAGES } from '../contract/constants';
import { createI18n, i18nOptions } from './createI18n';
import { LANGUAGE_NAMES, normalizeLanguage } from './languages';

/** The one instance; the HTTP client reads its language for Accept-Language. */
export const i18n: I18n = createI18n();

export const AVAILABLE_LOCALES = LANGUAGES.map((locale) => ({ locale, name: LANGUAGE_NAMES[locale] }));

/** The language the console speaks now (en-US or zh-CN), for Accept-Language. */
export const currentLanguage = () => normalizeLanguage(i18n.resolvedLanguage ?? i18n.language);

let ready: Promise<I18nProvider> | undefined;

/**
 * Initialises i18next once (detector, hashed http backend, retries) and wraps it for
 * react-admin through ra-i18n-i18next. Options carry `lng: undefined` on purpose: the
 * wrapper would otherwise force `lng: 'en'` and switch detection off.
 *
 * react-admin keeps its own copy of the locale in its store (`RaStore.locale`) and, on
 * start-up, switches to that copy when it differs from the provider's: a language picked
 * in the app bar last week would beat `?lng=` today, against the detection order (docs/console.md "Language").
 * So the detected language is written over that copy before react-admin reads it.
 */
export function initI18n(store: Store = localStorageStore()): Promise<I18nProvider> {
  ready ??= getI18nProvider(i18n, i18nOptions(), AVAILABLE_LOCALES).then((provider) => {
    const setHtmlLang = (lng: string) => document.documentElement.setAttribute('lang', lng);
    i18n.on('languageChanged', setHtmlLang);
    setHtmlLang(currentLanguage());
    store.setItem('locale', currentLanguage());
    return { ...provider, changeLocale: (locale: string) => provider.changeLocale(normalizeLanguage(locale)) };
  });
  return ready;
}

/**
 * Switches the language outside React (i18next caches it in `i18nextLng`). Inside the
 * console use `<LanguageSwitcher/>`, which goes through react-admin so every screen re-renders.
 */
export async function changeLanguage(lng: string, store: Store = localStorageStore()): Promise<void> {
  const language = normalizeLanguage(lng);
  await i18n.changeLanguage(language);
  store.setItem('locale', language);
}

/** Translates outside React (HTTP client errors, form validation); unknown text passes through. */
export const t = (key: string, params?: Record<string, unknown>) => i18n.t(key, { defaultValue: key, ...params });
