import { useMutation } from '@tanstack/react-query';
import { Button, Card, CardContent, Stack, TextField, Typography } from '@mui/material';
import { Form, TextInput, useGetIdentity, useTranslate } from 'react-admin';
import { accountUpdateBody } from '../../contract/schemas/account';
import { validate } from '../../contract/validation';
import { session, useSession } from '../../session';
import { useConsoleDataProvider } from '../../shell/consoleQuery';
import { toasts } from '../../shell/toast';
import { serverFieldErrors } from '../../dataProvider/serverFieldErrors';

/**
 * Account (read-only) and display name, a react-admin form checked with the server's schema;
 * a saved name shows at once wherever the app names the user.
 */
export function ProfileCard() {
  const translate = useTranslate();
  const dataProvider = useConsoleDataProvider();
  const update = useMutation({ mutationFn: dataProvider.updateProfile });
  const { account, userName } = useSession();
  // The user menu reads react-admin's cached identity: it is fetched again after a rename.
  const { refetch: refetchIdentity } = useGetIdentity();

  /** The shared schema's message, in the words the server would answer with. */
  const check = (values: Record<string, unknown>) => {
    const checked = validate(accountUpdateBody, values);
    if (checked.ok) return {};
    const message = checked.errors.userName;
    return message ? { userName: translate(message.key, message.params) } : {};
  };
  const save = async (values: Record<string, unknown>) => {
    const checked = validate(accountUpdateBody, values);
    if (!checked.ok) return;
    try {
      const profile = await update.mutateAsync(checked.data);
      session.renamed(profile.userName);
      await refetchIdentity();
      toasts.add('success', translate('account.renamed'));
    } catch (failure) {
      return serverFieldErrors<'userName'>(failure);
    }
  };

  return (
    <Card>
      <CardContent aria-labelledby="account-profile">
        <Typography variant="h6" component="h2" id="account-profile" gutterBottom>
          {translate('account.profile')}
        </Typography>
        {/* A new form once a name is saved: it shows the name as the server kept it (trimmed). */}
        <Form
          key={userName ?? ''}
          defaultValues={{ userName: userName ?? '' }}
          validate={check}
          onSubmit={save}
          noValidate
          disableInvalidFormNotification
        >
          <Stack spacing={2}>
            <TextField label={translate('account.account')} value={account ?? ''} slotProps={{ input: { readOnly: true } }} />
            <TextInput source="userName" label={translate('account.userName')} autoComplete="name" helperText={false} fullWidth />
            <div>
              <Button type="submit" variant="contained" disabled={update.isPending}>
                {translate('ra.action.save')}
              </Button>
            </div>
          </Stack>
        </Form>
      </CardContent>
    </Card>
  );
}
