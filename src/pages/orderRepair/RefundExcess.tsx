import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Box, Button, MenuItem, TextField, Typography } from '@mui/material';
import { Confirm, useTranslate } from 'react-admin';
import { may } from '../../access';
import { serverFieldErrors } from '../../dataProvider/serverFieldErrors';
import { CONSOLE_QUERY, consoleKey, consoleKeyPrefix, useConsoleDataProvider, useSelectedOrgId } from '../../shell/consoleQuery';
import { useSession } from '../../session';
import { toasts } from '../../shell/toast';

/** A refund's movement status, in words. */
const STATUS_WORDS: Record<string, string> = {
  executed: 'orderRepair.refund.status.executed',
  sending: 'orderRepair.refund.status.sending',
  failed: 'orderRepair.refund.status.failed',
};

/** What the answer to a refund says, by its movement's status. */
const OUTCOMES: Record<string, { level: 'success' | 'info' | 'error'; key: string }> = {
  executed: { level: 'success', key: 'orderRepair.refund.done' },
  sending: { level: 'info', key: 'orderRepair.refund.sending' },
  failed: { level: 'error', key: 'orderRepair.refund.failed' },
};

/**
 * "Refund the excess" on an overpaid order (docs/payments.md "Refunding an overpaid order's excess"),
 * for a merchant's money staff (`order.refund`): the excess the server read, the destination (one of
 * the addresses that paid the order, the one that overpaid first), confirmed once more before it is sent. The
 * server decides the amount; a step-up is asked by the HTTP client as for the sweep. Once refunded,
 * it says what went where.
 */
export function RefundExcess({ orderId }: { orderId: number }) {
  const translate = useTranslate();
  const { roleIndex } = useSession();
  const allowed = may(roleIndex, 'order.refund');
  const orgId = useSelectedOrgId();
  const dataProvider = useConsoleDataProvider();
  const queryClient = useQueryClient();
  const { data: view } = useQuery({
    queryKey: consoleKey('refundOrder', orgId, orderId),
    queryFn: ({ signal }) => dataProvider.refundOrder({ orderId, signal }),
    enabled: allowed,
    ...CONSOLE_QUERY,
  });
  const [toAddress, setToAddress] = useState<string | null>(null);
  const [error, setError] = useState<string | undefined>();
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const run = useMutation({ mutationFn: dataProvider.refundRun });
  if (!allowed || !view) return null;
  const amount = { amount: view.excess, symbol: view.symbol };
  if (view.refund && view.refund.status !== 'failed')
    return (
      <Typography variant="body2" data-testid="order-refunded">
        {translate('orderRepair.refund.refunded', {
          ...amount,
          amount: view.refund.amount,
          address: view.refund.toAddress,
          status: translate(STATUS_WORDS[view.refund.status] ?? STATUS_WORDS.failed),
        })}
      </Typography>
    );
  if (!view.refundable) return null;
  // Back to whoever paid (the server refuses any other address): the one that overpaid first.
  const destination = toAddress ?? view.payerAddress ?? view.payers[0] ?? '';
  if (view.payers.length === 0)
    return (
      <Typography variant="body2" data-testid="order-refund">
        {translate('orderRepair.refund.noPayer', amount)}
      </Typography>
    );

  const send = async () => {
    setConfirming(false);
    setBusy(true);
    const toast = toasts.loading(translate('orderRepair.refund.refunding'));
    try {
      const next = await run.mutateAsync({ orderId, toAddress: destination });
      const said = OUTCOMES[next.refund?.status ?? 'failed'] ?? OUTCOMES.failed;
      toasts.settle(toast, said.level, translate(said.key, { ...amount, address: destination }));
      setError(undefined);
    } catch (failure) {
      const fields = serverFieldErrors<'toAddress'>(failure);
      setError(fields.toAddress);
      toasts.settle(toast, 'error', (failure as Error).message);
    } finally {
      setBusy(false);
      await queryClient.invalidateQueries({ queryKey: consoleKeyPrefix('refundOrder') });
    }
  };

  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1, flex: 1 }} data-testid="order-refund">
      <Typography variant="body2">{translate('orderRepair.refund.excess', amount)}</Typography>
      <TextField
        select
        label={translate('orderRepair.refund.toAddress')}
        value={destination}
        onChange={(e) => setToAddress(e.target.value)}
        error={Boolean(error)}
        helperText={error ?? translate('orderRepair.refund.toPayerOnly')}
        size="small"
        sx={{ flex: 1, minWidth: 280 }}
      >
        {view.payers.map((payer) => (
          <MenuItem key={payer} value={payer}>
            {payer}
          </MenuItem>
        ))}
      </TextField>
      <Button variant="contained" onClick={() => setConfirming(true)} disabled={busy || !destination.trim()}>
        {translate('orderRepair.refund.button')}
      </Button>
      <Confirm
        isOpen={confirming}
        title="orderRepair.refund.confirmTitle"
        content="orderRepair.refund.confirmText"
        translateOptions={{ orderNo: view.orderNo, ...amount, address: destination }}
        onConfirm={() => void send()}
        onClose={() => setConfirming(false)}
      />
    </Box>
  );
}
