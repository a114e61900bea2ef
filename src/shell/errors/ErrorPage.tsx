import type { ReactNode } from 'react';
import { Box, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { BrandLogo } from '../brand/BrandLogo';

/**
 * The look shared by /403, /500, not-found, /terms, a crashed screen and a console that failed to
 * load: code, title, sentence, actions. Free of react-admin and the router, so the
 * start-up can show it too.
 */
export function ErrorPage({
  code,
  titleKey,
  textKey,
  detail,
  actions,
}: {
  code?: string;
  titleKey: string;
  textKey: string;
  detail?: string;
  actions: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Box component="main" sx={{ p: 6, display: 'flex', flexDirection: 'column', alignItems: 'center', textAlign: 'center', gap: 1 }}>
      <BrandLogo height={40} />
      {code && (
        <Typography variant="h2" component="p" color="text.secondary">
          {code}
        </Typography>
      )}
      <Typography variant="h5" component="h1">
        {t(titleKey)}
      </Typography>
      <Typography sx={{ mb: 2 }}>{t(textKey)}</Typography>
      {detail && (
        <Typography
          component="pre"
          data-testid="error-detail"
          sx={{ mb: 2, p: 2, maxWidth: '100%', whiteSpace: 'pre-wrap', fontFamily: 'monospace', bgcolor: 'action.hover', borderRadius: 1 }}
        >
          {detail}
        </Typography>
      )}
      <Box sx={{ display: 'flex', gap: 2 }}>{actions}</Box>
    </Box>
  );
}
