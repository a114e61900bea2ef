import { useEffect, useState, useSyncExternalStore, type FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';
import { useTranslate } from 'react-admin';
import { useConsoleDataProvider } from '../consoleQuery';
import { serverFieldErrors } from '../../dataProvider/serverFieldErrors';
import { stepUpPrompt } from './stepUpPrompt';
import { OneTimeCodeField } from '../twoFactor/OneTimeCodeField';

/**
 * Asks for a current two-factor code when a write needs a step-up, steps this session up, and
 * lets the HTTP client send the write again. Mounted once, in the layout: every page's writes
 * get it without knowing (docs/DECISIONS.md "Two-factor authentication and step-up").
 */
export function StepUpDialog() {
  const translate = useTranslate();
  const open = useSyncExternalStore(stepUpPrompt.subscribe, stepUpPrompt.isOpen);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const dataProvider = useConsoleDataProvider();
  const stepUp = useMutation({ mutationFn: dataProvider.stepUp });

  useEffect(() => stepUpPrompt.mount(), []);
  useEffect(() => {
    if (!open) {
      setCode('');
      setError(undefined);
    }
  }, [open]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    try {
      await stepUp.mutateAsync({ code: code.trim() });
      stepUpPrompt.finish(true);
    } catch (failure) {
      setError(serverFieldErrors<'code'>(failure).code ?? translate('twoFactor.codeWrong'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog open={open} onClose={() => stepUpPrompt.finish(false)} aria-labelledby="step-up-title">
      <form onSubmit={submit} noValidate>
        <DialogTitle id="step-up-title">{translate('twoFactor.stepUpTitle')}</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 1 }}>{translate('twoFactor.stepUpText')}</DialogContentText>
          <OneTimeCodeField
            label={translate('twoFactor.code')}
            value={code}
            onChange={(e) => setCode(e.target.value)}
            error={Boolean(error)}
            helperText={error}
            testId="step-up-code"
            autoFocus
            fullWidth
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={() => stepUpPrompt.finish(false)}>{translate('ra.action.cancel')}</Button>
          <Button type="submit" variant="contained" disabled={busy || !code.trim()}>
            {translate('twoFactor.verify')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
