import { createInstance } from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { I18nProvider } from 'react-admin';
import translation from '../../public/locales/en-US/translation.json';
import api from '../../public/locales/en-US/api.json';
import { addDeclaredTexts } from '../../src/resources/engine/declaredTexts';
import { declaredResources } from '../../src/resources/declared';

/**
 * The real en-US translation files behind a synchronous i18next instance, for
 * component tests that need react-admin's (or react-i18next's) translate without a backend.
 */
// Also react-i18next's instance: shell parts that render before react-admin translate through it.
const instance = createInstance().use(initReactI18next);
void instance.init({
  lng: 'en-US',
  resources: { 'en-US': { translation, api } },
  defaultNS: 'translation',
  fallbackNS: 'api',
  nsSeparator: false,
  interpolation: { escapeValue: false },
  initImmediate: false,
});

// The self-contained declarations carry their own texts (src/resources/<name>/resource.ts).
addDeclaredTexts(instance, declaredResources);

export const testI18nProvider: I18nProvider = {
  translate: (key, options = {}) => {
    const { _: defaultValue, ...rest } = options as Record<string, unknown>;
    return instance.t(key, { defaultValue: defaultValue ?? key, count: rest.smart_count as number | undefined, ...rest }) as string;
  },
  changeLocale: async () => undefined,
  getLocale: () => 'en-US',
};
