import { Button } from '@mui/material';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';

/** Back to /home inside the console (a router link: no reload). */
export function HomeButton() {
  const { t } = useTranslation();
  return (
    <Button component={Link} to="/home" variant="contained">
      {t('app.home')}
    </Button>
  );
}
