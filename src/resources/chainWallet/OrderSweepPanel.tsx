import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Box, Button, Card, CardContent, Stack, Typography } from '@mui/material';
import { useRefresh, useTranslate } from 'react-admin';
import { may } from '../../access';
import type { SweepWaiting } from '../../contract/schemas/orderSweep';
import { useSession } from '../../session';
import { CONSOLE_QUERY, consoleKey, consoleKeyPrefix, useConsoleDataProvider, useSelectedOrgId } from '../../shell/consoleQuery';
import { toasts } from '../../shell/toast';

/**
 * "Order payments to collect" above the wallets on /aggregate (docs/payments.md "Collecting order
 * payments"): for a merchant's money staff, what payers sent to the org's order addresses, per network
 * and currency, and a button that collects one network's into the org's hot wallet there (the server
 * runs it through the intent log; the platform pays the gas). Nothing shows when nothing waits.
 */
export default function OrderSweepPanel() {
  const translate = useTranslate();
  const { roleIndex } = useSession();
  const allowed = may(roleIndex, 'order.sweep');
  const orgId = useSelectedOrgId();
  const dataProvider = useConsoleDataProvider();
  const { data } = useQuery({
    queryKey: consoleKey('sweepPending', orgId),
    queryFn: ({ signal }) => dataProvider.sweepPending({ signal }),
    enabled: allowed,
    ...CONSOLE_QUERY,
  });
  if (!allowed || !data || data.list.length === 0) return null;
  return (
    <Card variant="outlined" sx={{ mb: 2 }} data-testid="order-sweep">
      <CardContent>
        <Typography variant="h6" component="h2">
          {translate('resources.chain-wallet.sweep.title')}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          {translate('resources.chain-wallet.sweep.intro')}
        </Typography>
        <Stack spacing={1}>
          {data.list.map((row) => (
            <SweepRow key={`${row.chainId}:${row.currencyId}`} row={row} />
          ))}
        </Stack>
      </CardContent>
    </Card>
  );
}

function SweepRow({ row }: { row: SweepWaiting }) {
  const translate = useTranslate();
  const dataProvider = useConsoleDataProvider();
  const queryClient = useQueryClient();
  const refresh = useRefresh();
  const [busy, setBusy] = useState(false);
  const run = useMutation({ mutationFn: dataProvider.sweepRun });
  const chain = row.chainName;
  const collect = async () => {
    setBusy(true);
    const toast = toasts.loading(translate('resources.chain-wallet.sweep.collecting', { chain }));
    try {
      const done = await run.mutateAsync({ chainId: row.chainId });
      const said = [
        translate('resources.chain-wallet.sweep.collected', { count: done.collected }),
        done.failed > 0 && translate('resources.chain-wallet.sweep.failed', { count: done.failed, reasons: done.reasons.join(' ') }),
        done.sending > 0 && translate('resources.chain-wallet.sweep.sending', { count: done.sending }),
        done.remaining > 0 && translate('resources.chain-wallet.sweep.remaining', { count: done.remaining }),
      ].filter(Boolean);
      toasts.settle(toast, done.failed > 0 ? 'info' : 'success', said.join(' '));
    } catch (failure) {
      toasts.settle(toast, 'error', (failure as Error).message);
    } finally {
      setBusy(false);
      // The balances moved: the wallets below and what still waits are read again.
      await queryClient.invalidateQueries({ queryKey: consoleKeyPrefix('sweepPending') });
      refresh();
    }
  };
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1, justifyContent: 'space-between' }}>
      <Typography variant="body1">
        {translate('resources.chain-wallet.sweep.row', {
          amount: row.amount,
          symbol: row.symbol,
          chain,
          count: row.addresses,
        })}
      </Typography>
      {row.into ? (
        <Button variant="outlined" onClick={() => void collect()} disabled={busy}>
          {translate('resources.chain-wallet.sweep.collect', { wallet: row.into.label || row.into.address })}
        </Button>
      ) : (
        <Typography variant="body2" color="warning.main">
          {translate('resources.chain-wallet.sweep.noHotWallet', { chain })}
        </Typography>
      )}
    </Box>
  );
}
