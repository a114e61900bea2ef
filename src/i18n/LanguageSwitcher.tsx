import { LocalesMenuButton } from 'react-admin';
import { AVAILABLE_LOCALES } from './i18nProvider';

/**
 * The app bar's language menu: react-admin's own button over en-US / zh-CN. It sets
 * react-admin's locale, which re-renders every screen and calls i18next (which caches
 * the choice in `i18nextLng` and updates `<html lang>`).
 */
export function LanguageSwitcher() {
  return <LocalesMenuButton languages={AVAILABLE_LOCALES} />;
}
