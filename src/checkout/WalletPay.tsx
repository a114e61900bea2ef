import { useState } from 'react';
import { Alert, Box, Button, Stack, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import type { Address } from 'viem';
import { CheckoutError, checkoutApi, type CheckoutOrderView } from './api';
import { WalletProblem, browserWallet, connectWallet, devnetRpcPath, paymentTx, sendPayment, switchChain } from './payment';

type Step =
  | { kind: 'idle' }
  | { kind: 'busy'; what: 'paying' | 'funding' }
  | { kind: 'sent'; hash: string }
  | { kind: 'funded'; address: string }
  | { kind: 'failed'; text: string };

const FAILURE_KEY = {
  noWallet: 'checkout.wallet.failure.noWallet',
  refused: 'checkout.wallet.failure.refused',
  noAccount: 'checkout.wallet.failure.noAccount',
  wrongChain: 'checkout.wallet.failure.wrongChain',
  failed: 'checkout.wallet.failure.failed',
} as const;

/**
 * "Pay with my browser wallet" (./payment.ts) and, on the embedded devnet only, "Get test coins"
 * (POST /v1/checkout/{code}/faucet: coin for gas and the order's amount to the wallet's account;
 * docs/payments.md "Paying on the devnet").
 */
export function WalletPay({ code, order, onSent }: { code: string; order: CheckoutOrderView; onSent?: () => void }) {
  const { t } = useTranslation();
  const [step, setStep] = useState<Step>({ kind: 'idle' });
  const wallet = browserWallet();
  const busy = step.kind === 'busy';

  const failure = (error: unknown): Step => {
    if (error instanceof WalletProblem) {
      const words = t(FAILURE_KEY[error.failure], { network: order.chainName });
      return { kind: 'failed', text: error.detail ? `${words} (${error.detail})` : words };
    }
    if (error instanceof CheckoutError && error.message) return { kind: 'failed', text: error.message };
    return { kind: 'failed', text: t('checkout.unreachable') };
  };

  const pay = async () => {
    if (!wallet) return setStep(failure(new WalletProblem('noWallet')));
    setStep({ kind: 'busy', what: 'paying' });
    try {
      const from = await connectWallet(wallet);
      // The chain the wallet sends on: the network's own, or on the devnet the devnet's (900000000 + the chain's).
      await switchChain(
        wallet,
        order.walletChainId,
        order.mode === 'devnet'
          ? { chainName: order.chainName, rpcUrl: new URL(devnetRpcPath(order.chainId), window.location.origin).toString(), symbol: 'ETH' }
          : undefined,
      );
      const hash = await sendPayment(wallet, from, paymentTx(order));
      setStep({ kind: 'sent', hash });
      onSent?.();
    } catch (error) {
      setStep(failure(error));
    }
  };

  const fund = async () => {
    if (!wallet) return setStep(failure(new WalletProblem('noWallet')));
    setStep({ kind: 'busy', what: 'funding' });
    try {
      const address: Address = await connectWallet(wallet);
      await checkoutApi.faucet(code, address);
      setStep({ kind: 'funded', address });
    } catch (error) {
      setStep(failure(error));
    }
  };

  return (
    <Box component="section" aria-labelledby="wallet-title" sx={{ mt: 2 }}>
      <Typography id="wallet-title" component="h2" variant="h6" gutterBottom>
        {t('checkout.wallet.title')}
      </Typography>
      {wallet ? null : <Typography sx={{ mb: 1 }}>{t('checkout.wallet.none')}</Typography>}
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
        <Button variant="contained" size="large" onClick={() => void pay()} disabled={busy || !wallet}>
          {t('checkout.wallet.pay')}
        </Button>
        {order.mode === 'devnet' ? (
          <Button variant="outlined" size="large" onClick={() => void fund()} disabled={busy || !wallet}>
            {t('checkout.wallet.faucet')}
          </Button>
        ) : null}
      </Stack>
      {order.mode === 'devnet' ? (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          {t('checkout.wallet.devnetHelp')}
        </Typography>
      ) : null}
      <Box role="status" aria-live="polite" sx={{ mt: 2 }} data-testid="wallet-status">
        {step.kind === 'busy' ? (
          <Typography>{t(step.what === 'paying' ? 'checkout.wallet.asking' : 'checkout.wallet.funding')}</Typography>
        ) : null}
        {step.kind === 'sent' ? (
          <Alert severity="success">
            {t('checkout.wallet.sent')}{' '}
            <Box component="code" sx={{ overflowWrap: 'anywhere' }}>
              {step.hash}
            </Box>
          </Alert>
        ) : null}
        {step.kind === 'funded' ? <Alert severity="success">{t('checkout.wallet.funded', { address: step.address })}</Alert> : null}
      </Box>
      <Box role="alert" data-testid="wallet-error">
        {step.kind === 'failed' ? <Alert severity="error">{step.text}</Alert> : null}
      </Box>
    </Box>
  );
}
