import { Box, LinearProgress, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { BrandLogo } from '../brand/BrandLogo';

/**
 * While a screen loads (docs/console.md), "Loading..." with the brand logo and an indeterminate bar.
 * Translated through react-i18next (the same i18next instance react-admin uses), so the
 * start-up shows it before react-admin itself has arrived.
 */
export function LoadingScreen() {
  const { t } = useTranslation();
  return (
    <Box role="status" aria-live="polite" sx={{ display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 2, py: 8 }}>
      <BrandLogo height={40} />
      <Box sx={{ width: 240 }}>
        <LinearProgress aria-label={t('app.loading', { defaultValue: 'Loading...' })} />
      </Box>
      <Typography color="text.secondary">{t('app.loading', { defaultValue: 'Loading...' })}</Typography>
    </Box>
  );
}
