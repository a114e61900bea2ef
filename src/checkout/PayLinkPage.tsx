import { useId, useState, type FormEvent } from 'react';
import { Alert, Box, Button, CircularProgress, Paper, TextField, Typography } from '@mui/material';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { checkoutPath } from '../contract/merchantOrder';
import { formatAmount } from '../i18n/format';
import { CheckoutError, checkoutApi } from './api';
import { checkoutLanguage } from './i18n';
import { amountFieldError, payLinkAmountProblem } from './amount';
import { navigate } from './route';
import { Facts } from './Facts';

/**
 * `/pay/<code>`: a pay link as its payer sees it (docs/payments.md "The checkout pages"): its title, the
 * merchant's name, the amount (or a field for it), the currency and network. Continue makes the
 * order and goes to its checkout page.
 */
export function PayLinkPage({ code }: { code: string }) {
  const { t } = useTranslation();
  const language = checkoutLanguage();
  const link = useQuery({ queryKey: ['payLink', code], queryFn: () => checkoutApi.payLink(code) });
  const [amount, setAmount] = useState('');
  const [touched, setTouched] = useState(false);
  const amountId = useId();
  const start = useMutation({
    mutationFn: () => checkoutApi.startOrder(code, link.data?.amount === null ? { amount: amount.trim() } : {}),
    onSuccess: ({ checkoutCode }) => navigate(checkoutPath(checkoutCode)),
  });

  if (link.isPending) return <Loading />;
  if (link.isError) return <LoadFailure error={link.error} />;
  const data = link.data;
  const entered = data.amount === null;
  const problem = entered ? payLinkAmountProblem(amount.trim(), data.decimals) : null;
  const serverProblem = start.error instanceof CheckoutError ? start.error.fields.amount : undefined;
  const amountError = amountFieldError(problem, touched, start.error, t);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (problem) return;
    start.mutate();
  };

  return (
    <Paper component="section" aria-labelledby="pay-title" sx={{ p: { xs: 2, sm: 3 } }}>
      <Typography id="pay-title" component="h1" variant="h5" gutterBottom sx={{ overflowWrap: 'anywhere' }}>
        {data.title}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {t('checkout.paidTo', { merchant: data.merchantName })}
      </Typography>
      <Box component="form" noValidate onSubmit={submit}>
        <Facts
          rows={[
            ...(entered
              ? []
              : [{ label: t('checkout.amount'), value: `${formatAmount(data.amount, language, data.decimals)} ${data.currency}` }]),
            { label: t('checkout.currency'), value: data.currency },
            { label: t('checkout.network'), value: data.chainName },
          ]}
        />
        {entered ? (
          <TextField
            id={amountId}
            label={t('checkout.amountIn', { currency: data.currency })}
            value={amount}
            onChange={(event) => setAmount(event.target.value)}
            onBlur={() => setTouched(true)}
            error={amountError !== undefined}
            helperText={amountError ?? t('checkout.amountHelp', { decimals: data.decimals })}
            required
            fullWidth
            autoComplete="off"
            slotProps={{ htmlInput: { inputMode: 'decimal' } }}
            sx={{ mt: 2 }}
          />
        ) : null}
        {start.isError && serverProblem === undefined ? (
          <Alert severity="error" sx={{ mt: 2 }}>
            {errorText(start.error, t)}
          </Alert>
        ) : null}
        <Button type="submit" variant="contained" size="large" fullWidth disabled={start.isPending || start.isSuccess} sx={{ mt: 3 }}>
          {t('checkout.continue')}
        </Button>
      </Box>
    </Paper>
  );
}

export function Loading() {
  const { t } = useTranslation();
  return (
    <Box role="status" sx={{ display: 'flex', alignItems: 'center', gap: 2, py: 4 }}>
      <CircularProgress size={24} aria-hidden="true" />
      <Typography>{t('checkout.loading')}</Typography>
    </Box>
  );
}

/** A call's failure in words: the server's own (already in the payer's language), or ours when it said none. */
export function errorText(error: unknown, t: (key: string) => string): string {
  if (error instanceof CheckoutError && error.message) return error.message;
  return t('checkout.unreachable');
}

export function LoadFailure({ error }: { error: unknown }) {
  const { t } = useTranslation();
  const notFound = error instanceof CheckoutError && error.code === 404;
  return (
    <Paper component="section" aria-labelledby="failure-title" sx={{ p: { xs: 2, sm: 3 } }}>
      <Typography id="failure-title" component="h1" variant="h5" gutterBottom>
        {t(notFound ? 'checkout.notFound' : 'checkout.loadFailed')}
      </Typography>
      <Alert severity={notFound ? 'info' : 'error'}>{notFound ? t('checkout.notFoundText') : errorText(error, t)}</Alert>
    </Paper>
  );
}
