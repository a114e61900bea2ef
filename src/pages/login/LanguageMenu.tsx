import { useState } from 'react';
import { Button, Menu, MenuItem } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { AVAILABLE_LOCALES, changeLanguage, currentLanguage } from '../../i18n/i18nProvider';

/**
 * The sign-in page's language menu: the same choices and labels as the app bar's, without
 * react-admin (not loaded yet). The choice is kept where react-admin and i18next read it.
 */
export function LanguageMenu() {
  const { t } = useTranslation();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const current = AVAILABLE_LOCALES.find((l) => l.locale === currentLanguage()) ?? AVAILABLE_LOCALES[0];
  return (
    <>
      <Button color="inherit" aria-label={t('app.language')} aria-haspopup="menu" onClick={(event) => setAnchor(event.currentTarget)}>
        {current.name}
      </Button>
      <Menu anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        {AVAILABLE_LOCALES.map(({ locale, name }) => (
          <MenuItem
            key={locale}
            selected={locale === current.locale}
            onClick={() => {
              setAnchor(null);
              void changeLanguage(locale);
            }}
          >
            {name}
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
