import { initReactI18next } from 'react-i18next';
import { createI18n, i18nOptions } from '../i18n/createI18n';
import { normalizeLanguage } from '../i18n/languages';

/**
 * The checkout pages' i18next (docs/payments.md "The checkout pages"): the console's detection and hashed
 * files (docs/console.md "Language"), but only the `checkout` namespace (the pages' words) and `api`
 * (the server's validation words, shared with it), not the console's 50 KB `translation`.
 */
export const CHECKOUT_NAMESPACES = ['checkout', 'api'] as const;

export const checkoutI18n = createI18n().use(initReactI18next);

export const checkoutLanguage = () => normalizeLanguage(checkoutI18n.resolvedLanguage ?? checkoutI18n.language);

export async function initCheckoutI18n(): Promise<void> {
  await checkoutI18n.init({ ...i18nOptions(), ns: [...CHECKOUT_NAMESPACES], defaultNS: 'checkout', fallbackNS: 'api' });
  const setHtmlLang = (lng: string) => document.documentElement.setAttribute('lang', normalizeLanguage(lng));
  checkoutI18n.on('languageChanged', setHtmlLang);
  setHtmlLang(checkoutLanguage());
}
