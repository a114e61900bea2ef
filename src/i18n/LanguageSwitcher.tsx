import { useLocaleState } from 'react-admin';
import { LanguageMenu } from '../pages/login/LanguageMenu';

/**
 * The app bar's language menu: the sign-in page's menu over react-admin's locale, which
 * re-renders every screen and calls i18next (which caches the choice in `i18nextLng` and
 * updates `<html lang>`). react-admin's own LocalesMenuButton is not used: it sets an empty
 * `aria-label`, so its name says "English" and not what the button does (docs/accessibility.md).
 */
export function LanguageSwitcher() {
  const [locale, setLocale] = useLocaleState();
  return <LanguageMenu current={locale} onPick={setLocale} />;
}
