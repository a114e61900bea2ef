import polyglotI18nProvider from 'ra-i18n-polyglot';
import englishMessages from 'ra-language-english';
import { messagesEn } from './messagesEn';

/** react-admin's messages plus the console's own (English until the i18next layer lands). */
export const i18nProvider = polyglotI18nProvider(() => ({ ...englishMessages, ...messagesEn }), 'en', [{ locale: 'en', name: 'English' }], {
  allowMissing: true,
});

/** Translates a key outside React (the HTTP client's error keys); a sentence passes through. */
export const translateKey = (key: string, params?: Record<string, unknown>) => i18nProvider.translate(key, { _: key, ...params });
