import { useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { Button } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { OrderRepairView } from '../../contract/schemas/orderRepair';
import { useConsoleDataProvider } from '../../shell/consoleQuery';
import { toasts } from '../../shell/toast';

/**
 * Reads the chain again for an order not paid yet: a loading toast that becomes the server's
 * sentence (success when a payment was found, info when not). Either way the order and its
 * log changed (a re-check is logged too), so the page shows the answer or, after a refusal
 * (paid meanwhile), reloads.
 */
export function RecheckButton({
  view,
  onDone,
  onRefused,
}: {
  view: OrderRepairView;
  onDone: (next: OrderRepairView) => void;
  onRefused: () => void;
}) {
  const translate = useTranslate();
  const [busy, setBusy] = useState(false);
  const dataProvider = useConsoleDataProvider();
  const recheckOrder = useMutation({ mutationFn: dataProvider.recheckOrder });
  const recheck = async () => {
    setBusy(true);
    const toast = toasts.loading(translate('orderRepair.rechecking'));
    try {
      const next = await recheckOrder.mutateAsync({ orderId: view.order.id });
      toasts.settle(toast, next.recheck.paid ? 'success' : 'info', next.recheck.message);
      onDone(next);
    } catch (failure) {
      toasts.settle(toast, 'error', (failure as Error).message);
      onRefused();
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button variant="outlined" onClick={() => void recheck()} disabled={busy}>
      {translate('orderRepair.recheck')}
    </Button>
  );
}
