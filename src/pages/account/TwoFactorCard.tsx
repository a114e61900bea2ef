import { useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { useConsoleDataProvider } from '../../shell/consoleQuery';
import { Alert, Button, Card, CardContent, Chip, Stack, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { TwoFactorEnrolment, TwoFactorState } from '../../contract/schemas/twoFactor';
import { RecoveryCodes, TwoFactorSetup } from './TwoFactorSetup';
import { TwoFactorDisable } from './TwoFactorDisable';

type Step = { at: 'idle' } | { at: 'setup'; enrolment: TwoFactorEnrolment } | { at: 'codes'; codes: string[] } | { at: 'disable' };

/**
 * The user's second factor: set up (QR code, first code, recovery codes shown once), its state,
 * and turning it off. `state` is read by the page, which also hides what an unenrolled member of
 * an org that requires a second factor may not use yet; `reload` reads it again.
 */
export function TwoFactorCard({ state, reload }: { state: TwoFactorState; reload: () => void }) {
  const translate = useTranslate();
  const dataProvider = useConsoleDataProvider();
  const enrol = useMutation({ mutationFn: dataProvider.startTwoFactor });
  const [step, setStep] = useState<Step>({ at: 'idle' });

  const start = async () => {
    try {
      setStep({ at: 'setup', enrolment: await enrol.mutateAsync() });
    } catch {
      // Toasted by the HTTP client.
    }
  };
  const back = () => {
    setStep({ at: 'idle' });
    reload();
  };

  // The codes are shown right after the first code was accepted: the factor is on already, before the state is read again.
  const enrolled = state.enrolled || step.at === 'codes';

  return (
    <Card>
      <CardContent aria-labelledby="account-two-factor">
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1 }}>
          <Typography variant="h6" component="h2" id="account-two-factor">
            {translate('twoFactor.title')}
          </Typography>
          <Chip
            size="small"
            color={enrolled ? 'success' : 'default'}
            label={translate(enrolled ? 'twoFactor.on' : 'twoFactor.off')}
            data-testid="two-factor-status"
          />
        </Stack>
        {state.required && !state.enrolled && (
          <Alert severity="warning" sx={{ mb: 2 }}>
            {translate('twoFactor.requiredByOrg')}
          </Alert>
        )}
        {step.at === 'setup' && <TwoFactorSetup enrolment={step.enrolment} onEnrolled={(codes) => setStep({ at: 'codes', codes })} />}
        {step.at === 'codes' && <RecoveryCodes codes={step.codes} onDone={back} />}
        {step.at === 'disable' && <TwoFactorDisable onDisabled={back} />}
        {step.at === 'idle' && (
          <Stack spacing={2}>
            <Typography variant="body2">
              {state.enrolled ? translate('twoFactor.enrolledText', { left: state.recoveryCodesLeft }) : translate('twoFactor.intro')}
            </Typography>
            <div>
              {state.enrolled ? (
                <Button variant="outlined" onClick={() => setStep({ at: 'disable' })}>
                  {translate('twoFactor.disable')}
                </Button>
              ) : (
                <Button variant="contained" onClick={() => void start()}>
                  {translate('twoFactor.setUp')}
                </Button>
              )}
            </div>
          </Stack>
        )}
      </CardContent>
    </Card>
  );
}
