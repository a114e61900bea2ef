import { Button } from '@mui/material';
import { useTranslation } from 'react-i18next';

/**
 * Back to /home from a page shown before the console (and its router) loaded: a page load.
 * Free of the router, so the start-up bundle stays without it.
 */
export function HomeLink() {
  const { t } = useTranslation();
  return (
    <Button href="/home" variant="contained">
      {t('app.home')}
    </Button>
  );
}
