import { useState, type FormEvent } from 'react';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Box, Button, Card, CardActions, CardContent, Chip, Stack, TextField, Typography } from '@mui/material';
import { Confirm, Title, useTranslate } from 'react-admin';
import { may } from '../../access';
import { RECHECKABLE_STATUSES, RECREDITABLE_STATUSES } from '../../contract/orderRepair';
import type { OrderRepairView } from '../../contract/schemas/orderRepair';
import { serverFieldErrors } from '../../dataProvider/serverFieldErrors';
import { CONSOLE_QUERY, consoleKey, useConsoleDataProvider } from '../../shell/consoleQuery';
import { useSession } from '../../session';
import { toasts } from '../../shell/toast';
import { LabelledRows } from '../../shell/LabelledRows';
import { isServerError } from '../../shell/errors/isServerError';
import { ServerErrorPage } from '../../shell/errors/statusPages';
import { useFormat } from '../../i18n/useFormat';
import { RecheckButton } from './RecheckButton';
import { RepairLog } from './RepairLog';
import { RefundExcess } from './RefundExcess';

/** The re-credit inputs, each labelled `orderRepair.<field>` (the i18n test checks every one). */
export const RECREDIT_FIELDS = ['txHash', 'reason'] as const;
type RecreditField = (typeof RECREDIT_FIELDS)[number];

const MONO = { fontFamily: 'monospace', wordBreak: 'break-all' } as const;

/** The order's facts; `actions` are the repairs the caller may start on it. */
function OrderDetails({ view, actions }: { view: OrderRepairView; actions: React.ReactNode }) {
  const translate = useTranslate();
  const { chainList } = useSession();
  const format = useFormat();
  const dateTime = (value: string | null) => (value ? format.dateTime(value) : '—');
  const { order } = view;
  const rows: Array<[string, React.ReactNode]> = [
    ['orderRepair.kind', translate(`orderRepair.kinds.${order.kind}`)],
    ['orderRepair.org', order.orgName],
    [
      'orderRepair.amount',
      `${format.amount(order.amount)} ${order.symbol} · ${chainList.find((c) => c.chainId === order.chainId)?.name ?? order.chainId}`,
    ],
    ['orderRepair.fee', format.amount(order.fee)],
    ['orderRepair.created', dateTime(order.createdAt)],
    ['orderRepair.paid', dateTime(order.paidAt)],
    [
      'orderRepair.txHash',
      <Box component="span" sx={MONO} key="tx">
        {order.txHash ?? '—'}
      </Box>,
    ],
    [
      'orderRepair.depositAddress',
      <Box component="span" sx={MONO} key="deposit">
        {order.depositAddress}
      </Box>,
    ],
  ];
  return (
    <Card>
      <CardContent>
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center', mb: 1 }}>
          <Typography variant="h6" component="h2">
            {order.orderNo}
          </Typography>
          <Chip
            label={translate(`report.status.${order.status}`)}
            color={order.status === 'paid' ? 'success' : order.status === 'pending' ? 'default' : 'warning'}
            size="small"
          />
        </Stack>
        <LabelledRows rows={rows} labelWidth={180} />
      </CardContent>
      {actions && <CardActions sx={{ px: 2, pb: 2 }}>{actions}</CardActions>}
    </Card>
  );
}

/** The operator's manual credit: the paying transaction and a reason, confirmed once more before it is written. */
function Recredit({ view, onDone }: { view: OrderRepairView; onDone: (next: OrderRepairView) => void }) {
  const translate = useTranslate();
  const [values, setValues] = useState<Record<RecreditField, string>>({ txHash: '', reason: '' });
  const [errors, setErrors] = useState<Partial<Record<RecreditField, string>>>({});
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const dataProvider = useConsoleDataProvider();
  const recredit = useMutation({ mutationFn: dataProvider.recreditOrder });

  const send = async () => {
    setConfirming(false);
    setBusy(true);
    try {
      const next = await recredit.mutateAsync({ orderId: view.order.id, ...values });
      toasts.add('success', translate('orderRepair.recredited'));
      setErrors({});
      onDone(next);
    } catch (failure) {
      setErrors(serverFieldErrors<RecreditField>(failure));
    } finally {
      setBusy(false);
    }
  };

  const field = (name: RecreditField, multiline = false) => (
    <TextField
      label={translate(`orderRepair.${name}`)}
      value={values[name]}
      onChange={(e) => setValues((v) => ({ ...v, [name]: e.target.value }))}
      error={Boolean(errors[name])}
      helperText={errors[name]}
      multiline={multiline}
      minRows={multiline ? 2 : undefined}
      fullWidth
      margin="dense"
      required
    />
  );

  return (
    <Card>
      <CardContent component="form" onSubmit={(e: FormEvent) => (e.preventDefault(), setConfirming(true))}>
        <Typography variant="h6" component="h2">
          {translate('orderRepair.recredit')}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {translate('orderRepair.recreditIntro')}
        </Typography>
        {field('txHash')}
        {field('reason', true)}
        <Button type="submit" variant="contained" sx={{ mt: 1 }} disabled={busy || !values.txHash || !values.reason}>
          {translate('orderRepair.recredit')}
        </Button>
        <Confirm
          isOpen={confirming}
          title="orderRepair.confirmTitle"
          content="orderRepair.confirmText"
          translateOptions={{ orderNo: view.order.orderNo, amount: `${view.order.amount} ${view.order.symbol}` }}
          onConfirm={() => void send()}
          onClose={() => setConfirming(false)}
        />
      </CardContent>
    </Card>
  );
}

/**
 * /order-repair (docs/roles-and-routes.md): find an order by its number or a transaction hash; see its repair
 * log; re-check one not paid on chain (the operator row, a merchant's managers and finance);
 * the operator row re-credits an expired or failed order; a merchant's money staff refund an overpaid
 * order's excess. Audited.
 */
export default function OrderRepairPage() {
  const translate = useTranslate();
  const { roleIndex } = useSession();
  const [q, setQ] = useState('');
  // The number or hash last searched for: the order it finds is read (and read again) through the dataProvider.
  const [asked, setAsked] = useState<string | null>(null);
  const dataProvider = useConsoleDataProvider();
  const queryClient = useQueryClient();
  const key = consoleKey('repairOrder', useSession().selectedOrg?.orgId ?? null, asked);
  const found = useQuery({
    queryKey: key,
    queryFn: ({ signal }) => dataProvider.repairOrder({ q: asked!, signal }),
    enabled: asked !== null,
    // The order shown stays until the next search has answered.
    placeholderData: keepPreviousData,
    ...CONSOLE_QUERY,
  });
  // "Not found" is toasted by the HTTP client; a server fault also takes the results' place.
  const view = found.isError ? null : (found.data ?? null);
  const serverFailed = isServerError(found.error);
  const searched = asked !== null && !found.isFetching;
  /** A repair answers with the order as it now is: shown without a second read. */
  const setView = (next: OrderRepairView) => queryClient.setQueryData(key, next);
  const load = (orderKey: string) => {
    if (orderKey === asked) void found.refetch();
    else setAsked(orderKey);
  };
  const search = (event: FormEvent) => {
    event.preventDefault();
    if (!q.trim()) return;
    load(q.trim());
  };

  const mayRecredit = view !== null && may(roleIndex, 'order.recredit') && RECREDITABLE_STATUSES.includes(view.order.status);
  const mayRecheck = view !== null && may(roleIndex, 'order.recheck') && RECHECKABLE_STATUSES.includes(view.order.status);
  const mayRefund = view !== null && may(roleIndex, 'order.refund') && view.order.status === 'paid';
  return (
    <Stack spacing={2} sx={{ mt: 2, maxWidth: 960 }}>
      <Title title={translate('menu.order-repair')} />
      <Card>
        <CardContent component="form" onSubmit={search} sx={{ display: 'flex', gap: 1, alignItems: 'center' }}>
          <TextField
            label={translate('orderRepair.search')}
            value={q}
            onChange={(e) => setQ(e.target.value)}
            size="small"
            sx={{ flex: 1 }}
          />
          <Button type="submit" variant="contained">
            {translate('orderRepair.find')}
          </Button>
        </CardContent>
      </Card>
      {view && (
        <OrderDetails
          view={view}
          actions={
            mayRecheck ? (
              <RecheckButton view={view} onDone={setView} onRefused={() => load(view.order.orderNo)} />
            ) : (
              // A paid order may be overpaid: its money staff may refund the excess (shown only when there is one).
              mayRefund && <RefundExcess key={view.order.id} orderId={view.order.id} />
            )
          }
        />
      )}
      {view && mayRecredit && <Recredit key={view.order.id} view={view} onDone={setView} />}
      {view && <RepairLog view={view} />}
      {serverFailed && <ServerErrorPage />}
      {!view && searched && !serverFailed && <Typography color="text.secondary">{translate('orderRepair.nothingFound')}</Typography>}
    </Stack>
  );
}
