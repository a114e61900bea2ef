import { AppBar, TitlePortal } from 'react-admin';
import { OrgSwitcher } from './OrgSwitcher';
import { ChainSelector } from './ChainSelector';

export function ConsoleAppBar() {
  return (
    <AppBar>
      <TitlePortal />
      <ChainSelector />
      <OrgSwitcher />
    </AppBar>
  );
}
