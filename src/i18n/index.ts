export { i18n, createI18nProvider, currentLanguage, t } from './i18nProvider';
export { DETECTION_ORDER, DETECTION_OPTIONS } from './detection';
export { normalizeLanguage, LANGUAGE_NAMES } from './languages';
export { i18nOptions, localeUrl, NAMESPACES } from './createI18n';
