export { i18n, initI18n, currentLanguage, changeLanguage, t, AVAILABLE_LOCALES } from './i18nProvider';
export { LanguageSwitcher } from './LanguageSwitcher';
export { DETECTION_ORDER, DETECTION_OPTIONS } from './detection';
export { normalizeLanguage, LANGUAGE_NAMES } from './languages';
export { i18nOptions, localeUrl, NAMESPACES } from './createI18n';
