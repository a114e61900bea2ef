import { Card, CardContent, Typography } from '@mui/material';
import { Title, useTranslate } from 'react-admin';

/** A guarded screen whose content a later issue builds; its access rule holds already. */
export default function PlaceholderPage({ labelKey }: { labelKey: string }) {
  const translate = useTranslate();
  return (
    <Card sx={{ mt: 2 }}>
      <Title title={translate(labelKey)} />
      <CardContent>
        <Typography variant="h5" component="h1" gutterBottom>
          {translate(labelKey)}
        </Typography>
        <Typography color="text.secondary">{translate('app.comingSoon')}</Typography>
      </CardContent>
    </Card>
  );
}
