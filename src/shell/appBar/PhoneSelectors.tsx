import { useState } from 'react';
import { IconButton, Popover, Stack, Tooltip } from '@mui/material';
import TuneIcon from '@mui/icons-material/Tune';
import { useTranslate } from 'react-admin';
import { LanguageSwitcher } from '../../i18n';
import { ChainSelector } from './ChainSelector';
import { OrgSwitcher } from './OrgSwitcher';

/**
 * A phone's app bar has no room for two selects (they collapsed to 24 px): one button opens a
 * panel with the chain, the organisation and the language at a readable width. The panel stays
 * mounted while closed, so the chain list still loads and an org switch still completes.
 */
export function PhoneSelectors() {
  const translate = useTranslate();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const close = () => setAnchor(null);
  const label = translate('chain.selectors');
  return (
    <>
      <Tooltip title={label}>
        <IconButton color="inherit" aria-label={label} aria-haspopup="dialog" onClick={(event) => setAnchor(event.currentTarget)}>
          <TuneIcon />
        </IconButton>
      </Tooltip>
      <Popover
        open={anchor !== null}
        anchorEl={anchor}
        onClose={close}
        keepMounted
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{ paper: { role: 'dialog', 'aria-label': label, sx: { width: 'min(320px, calc(100vw - 32px))' } } }}
      >
        <Stack spacing={2} sx={{ p: 2 }}>
          <ChainSelector inPanel onPicked={close} />
          <OrgSwitcher inPanel onPicked={close} />
          <LanguageSwitcher />
        </Stack>
      </Popover>
    </>
  );
}
