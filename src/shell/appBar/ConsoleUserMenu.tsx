import { UserMenu, useGetIdentity, useTranslate } from 'react-admin';

/**
 * react-admin's user menu, named "<name> – Profile": its button shows the user's name, and a
 * name that leaves out the visible text fails WCAG 2.5.3 (docs/accessibility.md) — a voice
 * user saying "click superAdmin" would reach nothing.
 */
export function ConsoleUserMenu() {
  const translate = useTranslate();
  const { identity } = useGetIdentity();
  const profile = translate('ra.auth.user_menu');
  return <UserMenu label={identity?.fullName ? `${identity.fullName} – ${profile}` : profile} />;
}
