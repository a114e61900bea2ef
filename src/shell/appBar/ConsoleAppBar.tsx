import { Box, useMediaQuery, type Theme } from '@mui/material';
import { AppBar, LoadingIndicator, TitlePortal, ToggleThemeButton } from 'react-admin';
import { LanguageSwitcher } from '../../i18n';
import { BrandLogo } from '../brand';
import { OrgSwitcher } from './OrgSwitcher';
import { ChainSelector } from './ChainSelector';
import { PhoneSelectors } from './PhoneSelectors';

export function ConsoleAppBar() {
  const phone = useMediaQuery<Theme>((theme) => theme.breakpoints.down('sm'));
  return (
    <AppBar
      toolbar={
        <>
          {!phone && <LanguageSwitcher />}
          <ToggleThemeButton />
          <LoadingIndicator />
        </>
      }
    >
      <Box sx={{ mr: 2, display: { xs: 'none', sm: 'block' } }}>
        <BrandLogo height={28} />
      </Box>
      <TitlePortal />
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
