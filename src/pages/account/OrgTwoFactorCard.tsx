import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Card, CardContent, FormControlLabel, Switch, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { useSession } from '../../session';
import { CONSOLE_QUERY, consoleKey, useConsoleDataProvider } from '../../shell/consoleQuery';
import { toasts } from '../../shell/toast';

/**
 * A manager makes a second factor mandatory for every member of the selected org. Turning it
 * on needs the manager's own second factor and a step-up (the dialog asks when the server does).
 */
export function OrgTwoFactorCard() {
  const translate = useTranslate();
  const { selectedOrg } = useSession();
  const dataProvider = useConsoleDataProvider();
  const queryClient = useQueryClient();
  const key = consoleKey('orgTwoFactor', selectedOrg?.orgId ?? null);
  const { data } = useQuery({ queryKey: key, queryFn: ({ signal }) => dataProvider.orgTwoFactor({ signal }), ...CONSOLE_QUERY });
  const required = data?.required;

  const setting = useMutation({
    mutationFn: (next: boolean) => dataProvider.setOrgTwoFactor({ required: next }),
    onSuccess: (answer, next) => {
      queryClient.setQueryData(key, answer);
      toasts.add('success', translate(next ? 'twoFactor.orgRequiredOn' : 'twoFactor.orgRequiredOff'));
    },
  });
  // A failure is toasted by the HTTP client (a manager without a second factor is told to enrol first).
  const change = (next: boolean) => setting.mutateAsync(next).catch(() => undefined);
  const busy = setting.isPending;

  return (
    <Card>
      <CardContent>
        <Typography variant="h6" component="h2" gutterBottom>
          {translate('twoFactor.orgTitle', { org: selectedOrg?.orgName ?? '' })}
        </Typography>
        <Typography variant="body2" sx={{ mb: 1 }}>
          {translate('twoFactor.orgIntro')}
        </Typography>
        <FormControlLabel
          control={
            <Switch checked={required === true} disabled={busy || required === undefined} onChange={(e) => void change(e.target.checked)} />
          }
          label={translate('twoFactor.orgRequire')}
        />
      </CardContent>
    </Card>
  );
}
