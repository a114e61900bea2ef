import { useState, type FormEvent } from 'react';
import { Button, Card, CardContent, Stack, TextField, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { ApiPath } from '../../contract/apiPaths';
import { accountPasswordBody } from '../../contract/schemas/account';
import { passwordFormErrors } from '../../shell/formValidation';
import { http } from '../../http';
import { toasts } from '../../shell/toast';
import { serverFieldErrors } from '../../dataProvider/serverFieldErrors';

/** The form's inputs, each labelled `account.<field>` (the i18n test checks every one). */
export const PASSWORD_FIELDS = ['currentPassword', 'newPassword', 'confirmPassword'] as const;
type Field = (typeof PASSWORD_FIELDS)[number];
type Values = Record<Field, string>;
const EMPTY: Values = { currentPassword: '', newPassword: '', confirmPassword: '' };
const AUTOCOMPLETE: Record<Field, string> = { currentPassword: 'current-password', newPassword: 'new-password', confirmPassword: 'new-password' };

/**
 * Changes the password: checked here with the server's schema (and that both new entries
 * agree); the server's field errors, such as a wrong current password, land under the inputs.
 * The server signs out the user's other sessions, so `onChanged` lets the page refresh them.
 */
export function PasswordCard({ onChanged }: { onChanged: () => void }) {
  const translate = useTranslate();
  const [values, setValues] = useState<Values>(EMPTY);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = passwordFormErrors(accountPasswordBody, values, { password: 'newPassword', confirm: 'confirmPassword', mismatchKey: 'account.mismatch' });
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    try {
      await http.post(ApiPath.account.password, { currentPassword: values.currentPassword, newPassword: values.newPassword });
      setValues(EMPTY);
      toasts.add('success', translate('account.passwordChanged'));
      onChanged();
    } catch (failure) {
      setErrors(serverFieldErrors<Field>(failure));
    } finally {
      setBusy(false);
    }
  };

  const input = (field: Field) => (
    <TextField
      key={field}
      label={translate(`account.${field}`)}
      type="password"
      value={values[field]}
      onChange={(e) => setValues((v) => ({ ...v, [field]: e.target.value }))}
      error={Boolean(errors[field])}
      helperText={errors[field] ?? (field === 'newPassword' ? translate('validation.password') : undefined)}
      autoComplete={AUTOCOMPLETE[field]}
      required
    />
  );

  return (
    <Card>
      <CardContent component="form" onSubmit={submit} noValidate aria-labelledby="account-password">
        <Typography variant="h6" component="h2" id="account-password" gutterBottom>
          {translate('account.password')}
        </Typography>
        <Stack spacing={2}>
          {input('currentPassword')}
          {input('newPassword')}
          {input('confirmPassword')}
          <div>
            <Button type="submit" variant="contained" disabled={busy}>
              {translate('account.changePassword')}
            </Button>
          </div>
        </Stack>
      </CardContent>
    </Card>
  );
}
