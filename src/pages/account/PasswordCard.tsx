import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Button, Card, CardContent, Stack, Typography } from '@mui/material';
import { Form, PasswordInput, useTranslate } from 'react-admin';
import { accountPasswordBody } from '../../contract/schemas/account';
import { passwordFormErrors } from '../../shell/formValidation';
import { consoleKeyPrefix, useConsoleDataProvider } from '../../shell/consoleQuery';
import { toasts } from '../../shell/toast';
import { serverFieldErrors } from '../../dataProvider/serverFieldErrors';

/** The form's inputs, each labelled `account.<field>` (the i18n test checks every one). */
export const PASSWORD_FIELDS = ['currentPassword', 'newPassword', 'confirmPassword'] as const;
type Field = (typeof PASSWORD_FIELDS)[number];
type Values = Record<Field, string>;
const EMPTY: Values = { currentPassword: '', newPassword: '', confirmPassword: '' };
const AUTOCOMPLETE: Record<Field, string> = {
  currentPassword: 'current-password',
  newPassword: 'new-password',
  confirmPassword: 'new-password',
};

/** The shared schema's messages, and that both new entries agree (the server never sees the second). */
const validatePassword = (values: Record<string, unknown>) =>
  passwordFormErrors(accountPasswordBody, values as Values, {
    password: 'newPassword',
    confirm: 'confirmPassword',
    mismatchKey: 'account.mismatch',
  });

/**
 * Changes the password: a react-admin form checked with the server's schema (and that both new
 * entries agree); the server's field errors, such as a wrong current password, land under the
 * inputs. The server signs out the user's other sessions, so the sessions list is read again.
 */
export function PasswordCard() {
  const translate = useTranslate();
  const dataProvider = useConsoleDataProvider();
  const queryClient = useQueryClient();
  // A new form after a change: the inputs are empty again.
  const [formKey, setFormKey] = useState(0);
  const change = useMutation({
    mutationFn: (values: Values) =>
      dataProvider.changePassword({ currentPassword: values.currentPassword, newPassword: values.newPassword }),
  });

  const submit = async (values: Record<string, unknown>) => {
    try {
      await change.mutateAsync(values as Values);
    } catch (failure) {
      return serverFieldErrors<Field>(failure);
    }
    toasts.add('success', translate('account.passwordChanged'));
    setFormKey((k) => k + 1);
    await queryClient.invalidateQueries({ queryKey: consoleKeyPrefix('accountSessions') });
  };

  const input = (field: Field) => (
    <PasswordInput
      key={field}
      source={field}
      label={translate(`account.${field}`)}
      helperText={field === 'newPassword' ? translate('validation.password') : false}
      autoComplete={AUTOCOMPLETE[field]}
      fullWidth
    />
  );

  return (
    <Card>
      <CardContent aria-labelledby="account-password">
        <Typography variant="h6" component="h2" id="account-password" gutterBottom>
          {translate('account.password')}
        </Typography>
        <Form key={formKey} defaultValues={EMPTY} validate={validatePassword} onSubmit={submit} noValidate disableInvalidFormNotification>
          <Stack spacing={0}>
            {input('currentPassword')}
            {input('newPassword')}
            {input('confirmPassword')}
            <div>
              <Button type="submit" variant="contained" disabled={change.isPending}>
                {translate('account.changePassword')}
              </Button>
            </div>
          </Stack>
        </Form>
      </CardContent>
    </Card>
  );
}
