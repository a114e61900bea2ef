import { Box, Button, Typography } from '@mui/material';
import { Link } from 'react-router-dom';
import { useTranslate } from 'react-admin';

/** The shared look of the public information pages (terms): a title, a sentence, a way home. */
export function StatusPage({ code, titleKey, textKey }: { code: string; titleKey: string; textKey: string }) {
  const translate = useTranslate();
  return (
    <Box sx={{ p: 6, textAlign: 'center' }} role="main">
      <Typography variant="h2" component="p" color="text.secondary">
        {code}
      </Typography>
      <Typography variant="h5" component="h1" gutterBottom>
        {translate(titleKey)}
      </Typography>
      <Typography sx={{ mb: 3 }}>{translate(textKey)}</Typography>
      <Button component={Link} to="/home" variant="contained">
        {translate('app.home')}
      </Button>
    </Box>
  );
}

export const TermsPage = () => <StatusPage code="" titleKey="page.terms" textKey="page.termsText" />;
