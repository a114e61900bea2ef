import { useState } from 'react';
import { Button } from '@mui/material';
import { useTranslate } from 'react-admin';
import { ApiPath } from '../../contract/apiPaths';
import type { OrderRepairView, RecheckView } from '../../contract/schemas/orderRepair';
import { http } from '../../http';
import { toasts } from '../../shell/toast';

/**
 * Reads the chain again for an order not paid yet: a loading toast that becomes the server's
 * sentence (success when a payment was found, info when not). Either way the order and its
 * log changed (a re-check is logged too), so the page shows the answer or, after a refusal
 * (paid meanwhile), reloads.
 */
export function RecheckButton({ view, onDone, onRefused }: { view: OrderRepairView; onDone: (next: OrderRepairView) => void; onRefused: () => void }) {
  const translate = useTranslate();
  const [busy, setBusy] = useState(false);
  const recheck = async () => {
    setBusy(true);
    const toast = toasts.loading(translate('orderRepair.rechecking'));
    try {
      const next = await http.post<RecheckView>(ApiPath.orderRepair.recheck, { orderId: view.order.id });
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
