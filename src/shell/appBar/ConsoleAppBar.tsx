import { Box, useMediaQuery, type Theme } from '@mui/material';
import { AppBar, LoadingIndicator, TitlePortal, ToggleThemeButton } from 'react-admin';
import { LanguageSwitcher } from '../../i18n';
import { BrandLogo } from '../brand';
import { OrgSwitcher } from './OrgSwitcher';
import { ChainSelector } from './ChainSelector';
import { PhoneSelectors } from './PhoneSelectors';
import { ConsoleUserMenu } from './ConsoleUserMenu';
import { NotificationBell } from './NotificationBell';
import { AfterFirstScreen } from '../layout/AfterFirstScreen';

export function ConsoleAppBar() {
  const phone = useMediaQuery<Theme>((theme) => theme.breakpoints.down('sm'));
  return (
    <AppBar
      userMenu={
        <AfterFirstScreen>
          <ConsoleUserMenu />
        </AfterFirstScreen>
      }
      toolbar={
        <>
          {/* What a first screen does not need comes after its rows (docs/console.md "The first load"). */}
          <AfterFirstScreen>
            <NotificationBell />
            {!phone && <LanguageSwitcher />}
            <ToggleThemeButton />
          </AfterFirstScreen>
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
          <AfterFirstScreen>
            <OrgSwitcher />
          </AfterFirstScreen>
        </>
      )}
    </AppBar>
  );
}
