import { useState, type FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import { useConsoleDataProvider } from '../../shell/consoleQuery';
import { Button, Stack, TextField } from '@mui/material';
import { useTranslate } from 'react-admin';
import { toasts } from '../../shell/toast';
import { serverFieldErrors } from '../../dataProvider/serverFieldErrors';

type Field = 'password' | 'code';

/** Turning the second factor off takes the password and a current code: a session left open alone cannot. */
export function TwoFactorDisable({ onDisabled }: { onDisabled: () => void }) {
  const translate = useTranslate();
  const dataProvider = useConsoleDataProvider();
  const disable = useMutation({ mutationFn: dataProvider.disableTwoFactor });
  const [values, setValues] = useState<Record<Field, string>>({ password: '', code: '' });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    try {
      await disable.mutateAsync({ password: values.password, code: values.code.trim() });
      toasts.add('success', translate('twoFactor.disabled'));
      onDisabled();
    } catch (failure) {
      setErrors(serverFieldErrors<Field>(failure));
      setBusy(false);
    }
  };

  const input = (field: Field, label: string, type: string, autoComplete: string) => (
    <TextField
      label={label}
      type={type}
      value={values[field]}
      onChange={(e) => setValues((v) => ({ ...v, [field]: e.target.value }))}
      error={Boolean(errors[field])}
      helperText={errors[field]}
      autoComplete={autoComplete}
      required
    />
  );

  return (
    <Stack spacing={2} component="form" onSubmit={submit} noValidate>
      {input('password', translate('account.currentPassword'), 'password', 'current-password')}
      {input('code', translate('twoFactor.code'), 'text', 'one-time-code')}
      <div>
        <Button type="submit" color="error" variant="outlined" disabled={busy || !values.password || !values.code.trim()}>
          {translate('twoFactor.disable')}
        </Button>
      </div>
    </Stack>
  );
}
