import { Box, LinearProgress, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { BrandLogo } from '../brand';

/** SPEC A2: while a screen loads, "Loading..." with the brand logo and an indeterminate bar. */
export function LoadingScreen() {
  const translate = useTranslate();
  return (
    <Box role="status" aria-live="polite" sx={{ display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 2, py: 8 }}>
      <BrandLogo height={40} />
      <Box sx={{ width: 240 }}>
        <LinearProgress />
      </Box>
      <Typography color="text.secondary">{translate('app.loading', { _: 'Loading...' })}</Typography>
    </Box>
  );
}
