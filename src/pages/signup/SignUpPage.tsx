import { useState, type FormEvent } from 'react';
import { Box, Button, Card, CardContent, CircularProgress, Link, TextField, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { signupBody, type SessionInfo } from '../../contract/schemas/auth';
import { passwordFormErrors } from '../../shell/formValidation';
import { ApiPath } from '../../contract/apiPaths';
import { serverFieldErrors } from '../../dataProvider/serverFieldErrors';
import { http } from '../../http';
import { session } from '../../session';
import { BrandLogo } from '../../shell/brand/BrandLogo';
import { useBrand } from '../../shell/brand/brandStore';
import { LanguageMenu } from '../login/LanguageMenu';

/** The form's inputs, each labelled `signup.<field>` (the i18n test checks every one). */
export const SIGNUP_FIELDS = ['invitationCode', 'account', 'userName', 'password', 'confirmPassword'] as const;
type Field = (typeof SIGNUP_FIELDS)[number];
type Values = Record<Field, string>;

const AUTOCOMPLETE: Record<Field, string> = {
  invitationCode: 'off',
  account: 'username',
  userName: 'name',
  password: 'new-password',
  confirmPassword: 'new-password',
};

/**
 * Sign-up with an invitation code (docs/api.md; ?code= and ?account= fill them in). Checked here with
 * the server's own schema; the server's field errors land under the same inputs. A new
 * merchant manager is signed in at once.
 */
export default function SignUpPage({ onSignedUp }: { onSignedUp: () => Promise<void> }) {
  const { t } = useTranslation();
  const brand = useBrand();
  const [values, setValues] = useState<Values>(() => {
    const params = new URLSearchParams(window.location.search);
    // The link names the account the code was issued for: the only one it signs up.
    return {
      invitationCode: params.get('code') ?? '',
      account: params.get('account') ?? '',
      userName: '',
      password: '',
      confirmPassword: '',
    };
  });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = passwordFormErrors(signupBody, values, {
      password: 'password',
      confirm: 'confirmPassword',
      mismatchKey: 'signup.mismatch',
    });
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    try {
      const { confirmPassword: _confirm, ...body } = values;
      // Another account's code is a 403 on the account input: nobody is signed in to sign out.
      session.signedIn(await http.request<SessionInfo>('POST', ApiPath.auth.signup, { body, forbiddenNamesInput: true }));
      await onSignedUp();
    } catch (error) {
      // The HTTP client has toasted the message; field errors go under their inputs.
      setErrors(serverFieldErrors<Field>(error));
      setBusy(false);
    }
  };

  const input = (field: Field, type = 'text') => (
    <TextField
      key={field}
      label={t(`signup.${field}`)}
      type={type}
      value={values[field]}
      onChange={(e) => setValues((v) => ({ ...v, [field]: e.target.value }))}
      error={Boolean(errors[field])}
      helperText={errors[field] ?? (field === 'password' ? t('validation.password') : undefined)}
      autoComplete={AUTOCOMPLETE[field]}
      fullWidth
      margin="dense"
      required
    />
  );

  return (
    <Box
      component="main"
      sx={{ minHeight: '100vh', display: 'flex', alignItems: 'center', justifyContent: 'center', bgcolor: 'background.default', py: 4 }}
    >
      <Box sx={{ position: 'absolute', top: 8, right: 8 }}>
        <LanguageMenu />
      </Box>
      <Card sx={{ width: 400 }}>
        <CardContent component="form" onSubmit={submit} noValidate>
          <Box sx={{ display: 'flex', justifyContent: 'center', mb: 1 }}>
            <BrandLogo height={44} />
          </Box>
          <Typography variant="h5" component="h1">
            {t('signup.title')} — {brand.brandName}
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
            {t('signup.intro')}
          </Typography>
          {input('invitationCode')}
          {input('account')}
          {input('userName')}
          {input('password', 'password')}
          {input('confirmPassword', 'password')}
          <Button type="submit" variant="contained" fullWidth sx={{ mt: 2 }} disabled={busy}>
            {busy ? <CircularProgress size={22} aria-label={t('app.loading')} /> : t('signup.submit')}
          </Button>
          <Typography variant="body2" sx={{ mt: 2, textAlign: 'center' }}>
            {t('signup.haveAccount')} <Link href="/login">{t('app.signIn')}</Link>
          </Typography>
        </CardContent>
      </Card>
    </Box>
  );
}
