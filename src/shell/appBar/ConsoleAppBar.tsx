import { Box } from '@mui/material';
import { AppBar, LoadingIndicator, TitlePortal, ToggleThemeButton } from 'react-admin';
import { LanguageSwitcher } from '../../i18n';
import { BrandLogo } from '../brand';
import { OrgSwitcher } from './OrgSwitcher';
import { ChainSelector } from './ChainSelector';

export function ConsoleAppBar() {
  return (
    <AppBar
      toolbar={
        <>
          <LanguageSwitcher />
          <ToggleThemeButton />
          <LoadingIndicator />
        </>
      }
    >
      <Box sx={{ mr: 2, display: { xs: 'none', sm: 'block' } }}>
        <BrandLogo height={28} />
      </Box>
      <TitlePortal />
      <ChainSelector />
      <OrgSwitcher />
    </AppBar>
  );
}
