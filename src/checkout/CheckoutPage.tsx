import { useState } from 'react';
import { Alert, Box, Button, Chip, Divider, Paper, Stack, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { QRCodeSVG } from 'qrcode.react';
import { useTranslation } from 'react-i18next';
import { copyText } from '../shell/clipboard';
import { visuallyHidden } from '../shell/visuallyHidden';
import { formatAmount, formatDateTime } from '../i18n/format';
import { checkoutApi, type CheckoutOrderView } from './api';
import { checkoutLanguage } from './i18n';
import { formatRemaining } from './countdown';
import { STATE_COLOUR, STATE_LABEL, STATE_TEXT, isFinalState } from './orderStates';
import { useCountdown } from './useCountdown';
import { Loading, LoadFailure } from './PayLinkPage';
import { Facts } from './Facts';
import { WalletPay } from './WalletPay';
import { SimulatePayment } from './SimulatePayment';

/** How often the page asks for the order's state until it is final (docs/DECISIONS.md "The checkout polls"). */
export const CHECKOUT_POLL_MS = 2_000;

/**
 * `/checkout/<code>`: one order as its payer sees it (docs/payments.md "The checkout pages"): what to pay,
 * where (the address, with copy, and its QR code), the time left, and the state, live.
 */
export function CheckoutPage({ code }: { code: string }) {
  const order = useQuery({
    queryKey: ['order', code],
    queryFn: () => checkoutApi.order(code),
    refetchInterval: (query) => (query.state.data && isFinalState(query.state.data.state) ? false : CHECKOUT_POLL_MS),
    refetchIntervalInBackground: true,
  });
  if (order.isPending) return <Loading />;
  if (order.isError) return <LoadFailure error={order.error} />;
  return <OrderView code={code} order={order.data} receivedAt={order.dataUpdatedAt} refetch={() => void order.refetch()} />;
}

export function OrderView({
  code,
  order,
  receivedAt,
  refetch,
}: {
  code: string;
  order: CheckoutOrderView;
  receivedAt: number;
  refetch?: () => void;
}) {
  const { t } = useTranslation();
  const language = checkoutLanguage();
  const final = isFinalState(order.state);
  const money = (value: string) => `${formatAmount(value, language, order.decimals)} ${order.currency}`;
  const remaining = useCountdown(order.expiresAt, order.now, receivedAt, !final);
  const open = !final;
  const simulated = order.mode === 'simulated';

  return (
    <Paper component="section" aria-labelledby="checkout-title" sx={{ p: { xs: 2, sm: 3 } }}>
      <Typography id="checkout-title" component="h1" variant="h5" gutterBottom sx={{ overflowWrap: 'anywhere' }}>
        {t('checkout.payTitle', { merchant: order.merchantName })}
      </Typography>
      <Facts
        rows={[
          { label: t('checkout.amount'), value: money(order.amount) },
          { label: t('checkout.currency'), value: order.currency },
          { label: t('checkout.network'), value: order.chainName },
          { label: t('checkout.orderNo'), value: order.orderNo },
        ]}
      />
      <StateBox order={order} money={money} />
      {remaining !== null ? (
        <Typography sx={{ mt: 2 }} data-testid="countdown">
          {t('checkout.expiresIn')}{' '}
          <Box component="span" sx={{ fontVariantNumeric: 'tabular-nums', fontWeight: 600 }}>
            {formatRemaining(remaining)}
          </Box>
        </Typography>
      ) : null}
      {open ? (
        <>
          <Divider sx={{ my: 3 }} />
          <Typography component="h2" variant="h6" gutterBottom>
            {t('checkout.sendTitle')}
          </Typography>
          {simulated ? (
            // TRON today (docs/payments.md "Paying on the devnet"): no chain to send on, said before the address;
            // in devnet mode a payment is simulated instead (below).
            <Alert severity="info" data-testid="simulated" sx={{ mb: 2 }}>
              {t(order.canSimulatePayment ? 'checkout.simulation.note' : 'checkout.simulated', { network: order.chainName })}
            </Alert>
          ) : (
            <Typography sx={{ mb: 2 }}>
              {t(order.state === 'underpaid' ? 'checkout.sendRest' : 'checkout.sendExactly', {
                amount: money(order.state === 'underpaid' ? order.missing : order.amount),
              })}
            </Typography>
          )}
          <DepositAddress address={order.depositAddress} />
          {simulated ? null : (
            <Box sx={{ display: 'flex', justifyContent: 'center', my: 2 }}>
              <Box sx={{ p: 1.5, bgcolor: '#fff', lineHeight: 0 }}>
                <QRCodeSVG value={order.paymentUri} size={200} marginSize={0} role="img" aria-label={t('checkout.qr')} />
              </Box>
            </Box>
          )}
          {!simulated && order.family === 'evm' ? <WalletPay code={code} order={order} onSent={refetch} /> : null}
          {simulated && order.canSimulatePayment ? <SimulatePayment code={code} order={order} money={money} onDone={refetch} /> : null}
        </>
      ) : null}
    </Paper>
  );
}

function StateBox({ order, money }: { order: CheckoutOrderView; money: (value: string) => string }) {
  const { t } = useTranslation();
  const language = checkoutLanguage();
  return (
    <Box role="status" aria-live="polite" aria-atomic="true" data-testid="order-state" sx={{ mt: 3 }}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1, flexWrap: 'wrap' }}>
        <Typography component="span">{t('checkout.stateLabel')}</Typography>
        <Chip label={t(STATE_LABEL[order.state])} color={STATE_COLOUR[order.state]} />
      </Stack>
      <Typography>{t(STATE_TEXT[order.state], { merchant: order.merchantName })}</Typography>
      {order.state === 'underpaid' ? (
        <Typography sx={{ mt: 1, fontWeight: 600 }}>
          {t('checkout.missing', { received: money(order.received), missing: money(order.missing) })}
        </Typography>
      ) : null}
      {order.state === 'overpaid' || (order.state === 'paid_late' && order.excess !== '0') ? (
        <Typography sx={{ mt: 1, fontWeight: 600 }}>{t('checkout.excess', { excess: money(order.excess) })}</Typography>
      ) : null}
      {order.paidAt ? (
        <Typography sx={{ mt: 1 }}>{t('checkout.paidAt', { when: formatDateTime(order.paidAt, language) })}</Typography>
      ) : null}
      {order.txHash ? (
        <Typography sx={{ mt: 1, overflowWrap: 'anywhere' }}>
          {t('checkout.txHash')} <Box component="code">{order.txHash}</Box>
        </Typography>
      ) : null}
    </Box>
  );
}

function DepositAddress({ address }: { address: string }) {
  const { t } = useTranslation();
  const [copied, setCopied] = useState<boolean | null>(null);
  return (
    <Box>
      <Typography id="deposit-address-label" color="text.secondary">
        {t('checkout.address')}
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'center' } }}>
        <Box
          component="code"
          aria-labelledby="deposit-address-label"
          data-testid="deposit-address"
          sx={{ flexGrow: 1, overflowWrap: 'anywhere', fontSize: '0.95rem', p: 1, bgcolor: 'grey.100', borderRadius: 1 }}
        >
          {address}
        </Box>
        <Button variant="outlined" onClick={() => void copyText(address).then(setCopied)}>
          {t('checkout.copy')}
          <Box component="span" sx={visuallyHidden}>
            {' '}
            {t('checkout.address')}
          </Box>
        </Button>
      </Stack>
      <Typography role="status" variant="body2" sx={{ minHeight: '1.5em', mt: 0.5 }} color={copied === false ? 'error' : 'text.secondary'}>
        {copied === null ? '' : t(copied ? 'checkout.copied' : 'checkout.copyFailed')}
      </Typography>
    </Box>
  );
}
