import { Box, useMediaQuery, type Theme } from '@mui/material';
import { AppBar, LoadingIndicator, TitlePortal, ToggleThemeButton } from 'react-admin';
import { LanguageSwitcher } from '../../i18n';
import { BrandLogo } from '../brand';
import { OrgSwitcher } from './OrgSwitcher';
import { ChainSelector } from './ChainSelector';
import { PhoneSelectors } from './PhoneSelectors';
import { ConsoleUserMenu } from './ConsoleUserMenu';
import { NotificationBell } from './NotificationBell';

export function ConsoleAppBar() {
  const phone = useMediaQuery<Theme>((theme) => theme.breakpoints.down('sm'));
  return (
    <AppBar
      userMenu={<ConsoleUserMenu />}
      toolbar={
        <>
          <NotificationBell />
          {!phone && <LanguageSwitcher />}
          <ToggleThemeButton />
          <LoadingIndicator />
        </>
      }
    >
      <Box sx={{ mr: 2, display: { xs: 'none', sm: 'block' } }}>
        <BrandLogo height={28} onColour />
      </Box>
      {/* The screen's title is its one h1 (docs/accessibility.md "Structure"). */}
      <TitlePortal component="h1" />
      {phone ? (
        <PhoneSelectors />
      ) : (
        <>
          <ChainSelector />
          <OrgSwitcher />
        </>
      )}
    </AppBar>
  );
}
