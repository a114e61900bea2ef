import { useState, type FormEvent } from 'react';
import { Alert, Box, Button, Card, CardContent, CircularProgress, TextField, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { OneTimeCodeField } from '../../shell/twoFactor/OneTimeCodeField';
import { BrandLogo } from '../../shell/brand/BrandLogo';
import { useBrand } from '../../shell/brand/brandStore';
import { LanguageMenu } from './LanguageMenu';
import { serverFieldErrors } from '../../dataProvider/serverFieldErrors';

/**
 * Account + password sign-in, rendered by the start-up before react-admin is loaded (the
 * login budget). A refusal shows the server's own message: the HTTP client toasts it.
 * `notice` is why the console sent the user here (session expired, no permission): the
 * reload to /login wiped the toast that said so.
 */
export default function LoginPage({
  signIn,
  notice,
}: {
  signIn: (account: string, password: string, code?: string) => Promise<void>;
  notice?: string | null;
}) {
  const { t } = useTranslation();
  const brand = useBrand();
  const [account, setAccount] = useState('');
  const [password, setPassword] = useState('');
  // The second factor: the input appears once the server asked for it (a field error on `code`).
  const [askCode, setAskCode] = useState(false);
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    try {
      await signIn(account.trim(), password, askCode ? code.trim() : undefined);
    } catch (failure) {
      // Already toasted: the HTTP client shows every failed call with the server's message.
      const refused = serverFieldErrors<'code'>(failure).code;
      if (refused) {
        setAskCode(true);
        setCodeError(askCode ? refused : undefined);
        setCode('');
      }
      setBusy(false);
    }
  };

  return (
    <Box
      component="main"
      sx={{ minHeight: '100vh', display: 'flex', alignItems: 'center', justifyContent: 'center', bgcolor: 'background.default' }}
    >
      <Box sx={{ position: 'absolute', top: 8, right: 8 }}>
        <LanguageMenu />
      </Box>
      <Card sx={{ width: 360 }}>
        <CardContent component="form" onSubmit={submit} noValidate>
          <Box sx={{ display: 'flex', justifyContent: 'center', mb: 1 }}>
            <BrandLogo height={44} />
          </Box>
          <Typography variant="h5" component="h1" sx={{ mb: 2 }}>
            {t('app.signIn')} — {brand.brandName}
          </Typography>
          {notice && (
            <Alert severity="warning" role="status" sx={{ mb: 1 }}>
              {notice}
            </Alert>
          )}
          <TextField
            label={t('app.account')}
            value={account}
            onChange={(e) => setAccount(e.target.value)}
            autoComplete="username"
            autoFocus
            fullWidth
            margin="normal"
            required
          />
          <TextField
            label={t('app.password')}
            type="password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            autoComplete="current-password"
            fullWidth
            margin="normal"
            required
          />
          {askCode && (
            <OneTimeCodeField
              label={t('twoFactor.code')}
              value={code}
              onChange={(e) => setCode(e.target.value)}
              error={Boolean(codeError)}
              helperText={codeError ?? t('twoFactor.signInCodeHelp')}
              testId="sign-in-code"
              autoFocus
              fullWidth
              margin="normal"
            />
          )}
          <Button
            type="submit"
            variant="contained"
            fullWidth
            sx={{ mt: 2 }}
            disabled={busy || !account || !password || (askCode && !code.trim())}
          >
            {busy ? <CircularProgress size={22} aria-label={t('app.loading')} /> : t('app.signIn')}
          </Button>
        </CardContent>
      </Card>
    </Box>
  );
}
