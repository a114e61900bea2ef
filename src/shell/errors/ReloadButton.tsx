import { Button } from '@mui/material';
import { useTranslation } from 'react-i18next';

/** Reloads the page: the way out when code the page needs is missing (a new deployment) or broke. */
export function ReloadButton({ primary }: { primary: boolean }) {
  const { t } = useTranslation();
  return (
    <Button variant={primary ? 'contained' : 'outlined'} onClick={() => window.location.reload()}>
      {t('page.reload')}
    </Button>
  );
}
