import { useState, type FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import { useConsoleDataProvider } from '../../shell/consoleQuery';
import { Box, Button, Stack, Typography } from '@mui/material';
import { QRCodeSVG } from 'qrcode.react';
import { useTranslate } from 'react-admin';
import { OneTimeCodeField } from '../../shell/twoFactor/OneTimeCodeField';
import type { TwoFactorEnrolment } from '../../contract/schemas/twoFactor';
import { serverFieldErrors } from '../../dataProvider/serverFieldErrors';

/**
 * Enrolment's middle step: the new secret as a QR code (an SVG, no data: URL, for the strict
 * CSP) and as text for typing, then the first code, which turns the factor on.
 */
export function TwoFactorSetup({ enrolment, onEnrolled }: { enrolment: TwoFactorEnrolment; onEnrolled: (codes: string[]) => void }) {
  const translate = useTranslate();
  const dataProvider = useConsoleDataProvider();
  const confirm = useMutation({ mutationFn: dataProvider.confirmTwoFactor });
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    try {
      const { recoveryCodes } = await confirm.mutateAsync({ code: code.trim() });
      onEnrolled(recoveryCodes);
    } catch (failure) {
      setError(serverFieldErrors<'code'>(failure).code);
      setBusy(false);
    }
  };

  return (
    <Stack spacing={2} component="form" onSubmit={submit} noValidate>
      <Typography variant="body2">{translate('twoFactor.scan')}</Typography>
      <Box sx={{ bgcolor: '#fff', p: 1, alignSelf: 'flex-start' }}>
        <QRCodeSVG value={enrolment.uri} size={176} role="img" aria-label={translate('twoFactor.qrLabel')} />
      </Box>
      <Typography variant="body2">
        {translate('twoFactor.secretText')}{' '}
        <Box component="code" data-testid="two-factor-secret" sx={{ wordBreak: 'break-all' }}>
          {enrolment.secret}
        </Box>
      </Typography>
      <OneTimeCodeField
        label={translate('twoFactor.code')}
        value={code}
        onChange={(e) => setCode(e.target.value)}
        error={Boolean(error)}
        helperText={error}
        testId="two-factor-confirm-code"
      />
      <div>
        <Button type="submit" variant="contained" disabled={busy || !code.trim()}>
          {translate('twoFactor.confirm')}
        </Button>
      </div>
    </Stack>
  );
}

/** The recovery codes, shown once: the server keeps only their hashes. */
export function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const translate = useTranslate();
  return (
    <Stack spacing={2}>
      <Typography variant="body2">{translate('twoFactor.recoveryIntro')}</Typography>
      <Box component="ul" data-testid="recovery-codes" sx={{ columns: 2, fontFamily: 'monospace', m: 0 }}>
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </Box>
      <div>
        <Button variant="contained" onClick={onDone}>
          {translate('twoFactor.recoverySaved')}
        </Button>
      </div>
    </Stack>
  );
}
