import { useQuery } from '@tanstack/react-query';
import { Alert, AlertTitle, Box, Link as MuiLink } from '@mui/material';
import { Link } from 'react-router-dom';
import { useTranslate } from 'react-admin';
import { CONSOLE_QUERY, consoleKey, useConsoleDataProvider, useSelectedOrgId } from '../../shell/consoleQuery';
import { useFormat } from '../../i18n/useFormat';

/**
 * /home's warning of the selected org's failing webhook endpoints (docs/webhooks.md "A failing
 * endpoint"), each linked to its page. Every member asks; the server answers the endpoints to the
 * org's managers alone (an empty list to anyone else), so nothing shows to those who cannot act.
 */
export function FailingWebhooks() {
  const translate = useTranslate();
  const format = useFormat();
  const orgId = useSelectedOrgId();
  const dataProvider = useConsoleDataProvider();
  const failing = useQuery({
    queryKey: consoleKey('failingWebhooks', orgId),
    queryFn: ({ signal }) => dataProvider.failingWebhooks({ signal }),
    enabled: orgId !== null,
    ...CONSOLE_QUERY,
  }).data?.list;
  if (!failing || failing.length === 0) return null;
  return (
    <Alert severity="warning" sx={{ mt: 2 }} data-testid="home-failing-webhooks">
      <AlertTitle>{translate('home.failingWebhooks')}</AlertTitle>
      {failing.map((endpoint) => (
        <Box key={endpoint.id}>
          <MuiLink component={Link} to={`/webhook/${endpoint.id}/show`}>
            {endpoint.url}
          </MuiLink>
          {' — '}
          {endpoint.disabledAt
            ? translate('home.webhookDisabled', { at: format.dateTime(endpoint.disabledAt) })
            : translate('home.webhookFailing', { since: format.dateTime(endpoint.failingSince) })}
        </Box>
      ))}
    </Alert>
  );
}
