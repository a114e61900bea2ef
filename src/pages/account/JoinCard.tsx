import { useState, type FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import { useConsoleDataProvider } from '../../shell/consoleQuery';
import { Button, Card, CardContent, TextField, Typography } from '@mui/material';
import { useRefresh, useTranslate } from 'react-admin';
import { serverFieldErrors } from '../../dataProvider/serverFieldErrors';
import { session } from '../../session';
import { toasts } from '../../shell/toast';

/**
 * An invitation code redeemed by the signed-in account: another org joins the org switcher
 * (one user, several orgs — docs/roles-and-routes.md) without a second account.
 */
export function JoinCard() {
  const translate = useTranslate();
  const dataProvider = useConsoleDataProvider();
  const redeem = useMutation({ mutationFn: dataProvider.joinOrg });
  const refresh = useRefresh();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);

  const join = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    try {
      const before = new Set(session.get().orgList.map((o) => o.orgId));
      // A code issued to another account is a 403 on the code: the user stays signed in.
      const info = await redeem.mutateAsync({ invitationCode: code });
      session.signedIn(info);
      const joined = info.orgList.find((o) => !before.has(o.orgId));
      toasts.add('success', translate('account.joined', { org: joined?.orgName ?? '' }));
      setCode('');
      setError(undefined);
      refresh();
    } catch (failure) {
      setError(serverFieldErrors<'invitationCode'>(failure).invitationCode);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card>
      <CardContent component="form" onSubmit={join}>
        <Typography variant="h6" component="h2">
          {translate('account.join')}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {translate('account.joinIntro')}
        </Typography>
        <TextField
          label={translate('signup.invitationCode')}
          value={code}
          onChange={(e) => setCode(e.target.value)}
          error={Boolean(error)}
          helperText={error}
          fullWidth
          margin="dense"
        />
        <Button type="submit" variant="contained" disabled={busy || !code.trim()} sx={{ mt: 1 }}>
          {translate('account.joinButton')}
        </Button>
      </CardContent>
    </Card>
  );
}
