import { useState, type FormEvent } from 'react';
import { Box, Button, Card, CardContent, CircularProgress, TextField, Typography } from '@mui/material';
import { useLogin, useNotify, useTranslate } from 'react-admin';
import { BrandLogo, useBrand } from '../../shell/brand';
import { LanguageSwitcher } from '../../i18n';

/**
 * Account + password sign-in. A refusal shows the server's own message (the HTTP
 * client toasts it); network-level failures are toasted by the client as well.
 */
export default function LoginPage() {
  const translate = useTranslate();
  const brand = useBrand();
  const login = useLogin();
  const notify = useNotify();
  const [account, setAccount] = useState('');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    try {
      await login({ username: account.trim(), password }, '/home');
    } catch (error) {
      // The HTTP client has already shown the server's message; this covers anything else.
      if (!(error as { status?: number })?.status) notify((error as Error)?.message ?? 'errors.request-failed', { type: 'error' });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', alignItems: 'center', justifyContent: 'center', bgcolor: 'background.default' }}>
      <Box sx={{ position: 'absolute', top: 8, right: 8 }}>
        <LanguageSwitcher />
      </Box>
      <Card sx={{ width: 360 }}>
        <CardContent component="form" onSubmit={submit} noValidate>
          <Box sx={{ display: 'flex', justifyContent: 'center', mb: 1 }}>
            <BrandLogo height={44} />
          </Box>
          <Typography variant="h5" component="h1" sx={{ mb: 2 }}>
            {translate('app.signIn')} — {brand.brandName}
          </Typography>
          <TextField
            label={translate('app.account')}
            value={account}
            onChange={(e) => setAccount(e.target.value)}
            autoComplete="username"
            autoFocus
            fullWidth
            margin="normal"
            required
          />
          <TextField
            label={translate('app.password')}
            type="password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            autoComplete="current-password"
            fullWidth
            margin="normal"
            required
          />
          <Button type="submit" variant="contained" fullWidth sx={{ mt: 2 }} disabled={busy || !account || !password}>
            {busy ? <CircularProgress size={22} /> : translate('app.signIn')}
          </Button>
        </CardContent>
      </Card>
    </Box>
  );
}
