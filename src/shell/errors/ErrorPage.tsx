import type { ReactNode } from 'react';
import { Box, Button, Typography } from '@mui/material';
import { Link } from 'react-router-dom';
import { useTranslate } from 'react-admin';
import { BrandLogo } from '../brand';

/** The look shared by /403, /500, not-found and a crashed screen: code, title, sentence, actions. */
export function ErrorPage({ code, titleKey, textKey, actions }: { code?: string; titleKey: string; textKey: string; actions?: ReactNode }) {
  const translate = useTranslate();
  return (
    <Box component="main" sx={{ p: 6, display: 'flex', flexDirection: 'column', alignItems: 'center', textAlign: 'center', gap: 1 }}>
      <BrandLogo height={40} />
      {code && (
        <Typography variant="h2" component="p" color="text.secondary">
          {code}
        </Typography>
      )}
      <Typography variant="h5" component="h1">
        {translate(titleKey)}
      </Typography>
      <Typography sx={{ mb: 2 }}>{translate(textKey)}</Typography>
      <Box sx={{ display: 'flex', gap: 2 }}>{actions ?? <HomeButton />}</Box>
    </Box>
  );
}

export function HomeButton() {
  const translate = useTranslate();
  return (
    <Button component={Link} to="/home" variant="contained">
      {translate('app.home')}
    </Button>
  );
}

/** /403: the role may not open what was asked for. */
export const ForbiddenPage = () => <ErrorPage code="403" titleKey="page.forbiddenTitle" textKey="page.forbidden" />;
/** /500: the server failed. */
export const ServerErrorPage = () => <ErrorPage code="500" titleKey="page.serverErrorTitle" textKey="page.serverError" />;
/** Any path no route knows (react-admin's `catchAll`). */
export const NotFoundPage = () => <ErrorPage code="404" titleKey="page.notFoundTitle" textKey="page.notFound" />;
