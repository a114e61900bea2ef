import { useId, useState, type FormEvent } from 'react';
import { Alert, Box, Button, TextField, Typography } from '@mui/material';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { CheckoutError, checkoutApi, type CheckoutOrderView } from './api';
import { amountFieldError, payLinkAmountProblem } from './amount';
import { errorText } from './PayLinkPage';

/**
 * "Simulate a payment", for an order on a simulated network (TRON) on a platform in devnet mode
 * (POST /v1/checkout/{code}/simulate-payment; docs/payments.md "Paying on the devnet"): the amount,
 * what is still missing until the payer changes it, checked as the server checks it; the state then
 * shows the payment as the page's reads bring it.
 */
export function SimulatePayment({
  code,
  order,
  money,
  onDone,
}: {
  code: string;
  order: CheckoutOrderView;
  money: (value: string) => string;
  onDone?: () => void;
}) {
  const { t } = useTranslation();
  const fieldId = useId();
  // Null: not changed by the payer, so it follows what is missing (after a part, the rest).
  const [entered, setEntered] = useState<string | null>(null);
  const [touched, setTouched] = useState(false);
  const amount = (entered ?? order.missing).trim();
  const simulate = useMutation({
    mutationFn: (value: string) => checkoutApi.simulatePayment(code, value),
    onSuccess: () => {
      setEntered(null);
      setTouched(false);
      onDone?.();
    },
  });
  const problem = payLinkAmountProblem(amount, order.decimals);
  const amountError = amountFieldError(problem, touched, simulate.error, t);
  // The server's refusal of the amount is at the field; any other below the button.
  const refused = simulate.isError && !(simulate.error instanceof CheckoutError && simulate.error.fields.amount !== undefined);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (!problem) simulate.mutate(amount);
  };

  return (
    <Box component="section" aria-labelledby="simulation-title" sx={{ mt: 2 }}>
      <Typography id="simulation-title" component="h2" variant="h6" gutterBottom>
        {t('checkout.simulation.title')}
      </Typography>
      <Box component="form" noValidate onSubmit={submit}>
        <TextField
          id={fieldId}
          label={t('checkout.simulation.amount', { currency: order.currency })}
          value={entered ?? order.missing}
          onChange={(event) => setEntered(event.target.value)}
          onBlur={() => setTouched(true)}
          error={amountError !== undefined}
          helperText={amountError ?? t('checkout.simulation.help')}
          required
          fullWidth
          autoComplete="off"
          slotProps={{ htmlInput: { inputMode: 'decimal' } }}
        />
        <Button type="submit" variant="contained" size="large" disabled={simulate.isPending} sx={{ mt: 2 }}>
          {t('checkout.simulation.submit')}
        </Button>
      </Box>
      <Box role="status" aria-live="polite" sx={{ mt: 2 }} data-testid="simulation-status">
        {simulate.isPending ? <Typography>{t('checkout.simulation.busy')}</Typography> : null}
        {simulate.isSuccess ? (
          <Alert severity="success">
            {t('checkout.simulation.done', { amount: money(simulate.variables) })}{' '}
            <Box component="code" sx={{ overflowWrap: 'anywhere' }}>
              {simulate.data.txHash}
            </Box>
          </Alert>
        ) : null}
      </Box>
      <Box role="alert" data-testid="simulation-error">
        {refused ? <Alert severity="error">{errorText(simulate.error, t)}</Alert> : null}
      </Box>
    </Box>
  );
}
