import { Box } from '@mui/material';
import { AppBar, TitlePortal } from 'react-admin';
import { BrandLogo } from '../brand';
import { OrgSwitcher } from './OrgSwitcher';
import { ChainSelector } from './ChainSelector';

export function ConsoleAppBar() {
  return (
    <AppBar>
      <Box sx={{ mr: 2, display: { xs: 'none', sm: 'block' } }}>
        <BrandLogo height={28} />
      </Box>
      <TitlePortal />
      <ChainSelector />
      <OrgSwitcher />
    </AppBar>
  );
}
