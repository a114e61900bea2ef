import { useState } from 'react';
import { Box, Button, Menu, MenuItem } from '@mui/material';
import { visuallyHidden } from '../../shell/visuallyHidden';
import { useTranslation } from 'react-i18next';
import { AVAILABLE_LOCALES, changeLanguage, currentLanguage } from '../../i18n/i18nProvider';

/**
 * The language menu: the sign-in pages use it as it is (react-admin is not loaded yet; the
 * choice is kept where react-admin and i18next read it), the app bar with react-admin's locale
 * (src/i18n LanguageSwitcher). Its name is "Language: English": the visible language name
 * stays inside the accessible name (WCAG 2.5.3, docs/accessibility.md), prefixed by what the
 * button is for, which a screen reader would not learn from "English" alone.
 */
export function LanguageMenu({
  current = currentLanguage(),
  onPick = (locale) => void changeLanguage(locale),
}: {
  current?: string;
  onPick?: (locale: string) => void;
}) {
  const { t } = useTranslation();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const shown = AVAILABLE_LOCALES.find((l) => l.locale === current) ?? AVAILABLE_LOCALES[0];
  return (
    <>
      <Button color="inherit" aria-haspopup="menu" aria-expanded={anchor !== null} onClick={(event) => setAnchor(event.currentTarget)}>
        <Box component="span" sx={visuallyHidden}>
          {`${t('app.language')}: `}
        </Box>
        {shown.name}
      </Button>
      <Menu anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        {AVAILABLE_LOCALES.map(({ locale, name }) => (
          <MenuItem
            key={locale}
            lang={locale}
            selected={locale === shown.locale}
            onClick={() => {
              setAnchor(null);
              onPick(locale);
            }}
          >
            {name}
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
