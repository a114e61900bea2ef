import { useState, type FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import { useConsoleDataProvider } from '../../shell/consoleQuery';
import { Button, Card, CardContent, Stack, TextField, Typography } from '@mui/material';
import { useGetIdentity, useTranslate } from 'react-admin';
import { accountUpdateBody } from '../../contract/schemas/account';
import { validate } from '../../contract/validation';
import { session, useSession } from '../../session';
import { toasts } from '../../shell/toast';
import { serverFieldErrors } from '../../dataProvider/serverFieldErrors';

/** Account (read-only) and display name; a saved name shows at once wherever the app names the user. */
export function ProfileCard() {
  const translate = useTranslate();
  const dataProvider = useConsoleDataProvider();
  const update = useMutation({ mutationFn: dataProvider.updateProfile });
  const { account, userName } = useSession();
  // The user menu reads react-admin's cached identity: it is fetched again after a rename.
  const { refetch: refetchIdentity } = useGetIdentity();
  const [name, setName] = useState(userName ?? '');
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);

  const save = async (event: FormEvent) => {
    event.preventDefault();
    const checked = validate(accountUpdateBody, { userName: name });
    if (!checked.ok) {
      const message = checked.errors.userName;
      setError(message && translate(message.key, message.params));
      return;
    }
    setBusy(true);
    setError(undefined);
    try {
      const profile = await update.mutateAsync(checked.data);
      session.renamed(profile.userName);
      setName(profile.userName);
      await refetchIdentity();
      toasts.add('success', translate('account.renamed'));
    } catch (failure) {
      setError(serverFieldErrors<'userName'>(failure).userName);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card>
      <CardContent component="form" onSubmit={save} noValidate aria-labelledby="account-profile">
        <Typography variant="h6" component="h2" id="account-profile" gutterBottom>
          {translate('account.profile')}
        </Typography>
        <Stack spacing={2}>
          <TextField label={translate('account.account')} value={account ?? ''} slotProps={{ input: { readOnly: true } }} />
          <TextField
            label={translate('account.userName')}
            value={name}
            onChange={(e) => setName(e.target.value)}
            error={Boolean(error)}
            helperText={error}
            autoComplete="name"
            required
          />
          <div>
            <Button type="submit" variant="contained" disabled={busy}>
              {translate('ra.action.save')}
            </Button>
          </div>
        </Stack>
      </CardContent>
    </Card>
  );
}
