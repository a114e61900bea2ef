import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import AutorenewIcon from '@mui/icons-material/Autorenew';
import SendIcon from '@mui/icons-material/Send';
import {
  Confirm,
  DeleteWithConfirmButton,
  EditButton,
  TopToolbar,
  useNotify,
  useRecordContext,
  useRefresh,
  useTranslate,
} from 'react-admin';
import type { WebhookDeliveryRecord } from '../../contract/schemas/webhook';
import type { ResourceViewProps } from '../engine/types';
import { FieldsShow } from '../engine/views/GeneratedShow';
import { ShownOnce } from '../engine/views/ShownOnce';
import { WEBHOOK_SECRET } from './WebhookForm';
import { CONSOLE_QUERY, consoleKey, consoleKeyPrefix, useConsoleDataProvider } from '../../shell/consoleQuery';
import { useSession } from '../../session';
import { useFormat } from '../../i18n/useFormat';
import { visuallyHidden } from '../../shell/visuallyHidden';

/** A new secret, confirmed, then shown once: the old one keeps signing for 24 hours (docs/webhooks.md "Rotating the secret"). */
function RotateButton() {
  const translate = useTranslate();
  const refresh = useRefresh();
  const record = useRecordContext<{ id: number }>();
  const dataProvider = useConsoleDataProvider();
  const rotating = useMutation({ mutationFn: dataProvider.rotateWebhookSecret });
  const [asking, setAsking] = useState(false);
  const [secret, setSecret] = useState<string | null>(null);
  if (!record) return null;
  const rotate = async () => {
    setAsking(false);
    const answer = await rotating.mutateAsync({ id: record.id });
    setSecret(answer.secret ?? null);
  };
  return (
    <>
      <Button startIcon={<AutorenewIcon />} onClick={() => setAsking(true)} disabled={rotating.isPending}>
        {translate('resources.webhook.rotate')}
      </Button>
      <Confirm
        isOpen={asking}
        title="resources.webhook.rotateTitle"
        content="resources.webhook.rotateText"
        onConfirm={() => void rotate().catch(() => undefined)}
        onClose={() => setAsking(false)}
      />
      {secret && (
        <ShownOnce
          resource="webhook"
          secret={WEBHOOK_SECRET('resources.webhook.rotatedNote')}
          value={secret}
          onDone={() => {
            setSecret(null);
            refresh();
          }}
        />
      )}
    </>
  );
}

/** The delivery log's columns, each titled `resources.webhook.delivery.<column>`. */
export const DELIVERY_COLUMNS = ['type', 'status', 'attempts', 'lastStatus', 'lastError', 'createdAt', 'lastAttemptAt', 'msgId'] as const;

/** After a write of the log (sent again, a test event): every open log reads again. */
function useReloadDeliveries() {
  const queryClient = useQueryClient();
  return () => void queryClient.invalidateQueries({ queryKey: consoleKeyPrefix('webhookDeliveries') });
}

/** A `webhook.test` event to this endpoint alone, delivered by the loop as any other (docs/webhooks.md "Sending a test event"). */
function TestButton() {
  const translate = useTranslate();
  const notify = useNotify();
  const reload = useReloadDeliveries();
  const record = useRecordContext<{ id: number; enabled: boolean }>();
  const dataProvider = useConsoleDataProvider();
  const testing = useMutation({ mutationFn: dataProvider.sendWebhookTest });
  if (!record) return null;
  const send = async () => {
    await testing.mutateAsync({ id: record.id });
    notify('resources.webhook.testSent', { type: 'success' });
    reload();
  };
  return (
    <Button startIcon={<SendIcon />} onClick={() => void send().catch(() => undefined)} disabled={testing.isPending || !record.enabled}>
      {translate('resources.webhook.sendTest')}
    </Button>
  );
}

/** A delivered or failed delivery sent again with its webhook-id, once confirmed (docs/webhooks.md "Sending a delivery again"). */
function ResendButton({ delivery }: { delivery: WebhookDeliveryRecord }) {
  const translate = useTranslate();
  const notify = useNotify();
  const reload = useReloadDeliveries();
  const dataProvider = useConsoleDataProvider();
  const resending = useMutation({ mutationFn: dataProvider.resendWebhookDelivery });
  const [asking, setAsking] = useState(false);
  if (delivery.status === 'pending') return null;
  const resend = async () => {
    setAsking(false);
    await resending.mutateAsync({ id: delivery.id });
    notify('resources.webhook.resent', { type: 'success' });
    reload();
  };
  return (
    <>
      <Button size="small" onClick={() => setAsking(true)} disabled={resending.isPending}>
        {translate('resources.webhook.resend')}
      </Button>
      <Confirm
        isOpen={asking}
        title="resources.webhook.resendTitle"
        content="resources.webhook.resendText"
        onConfirm={() => void resend().catch(() => undefined)}
        onClose={() => setAsking(false)}
      />
    </>
  );
}

/** The body every attempt of a delivery sends, in a dialog. */
function PayloadButton({ delivery }: { delivery: WebhookDeliveryRecord }) {
  const translate = useTranslate();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button size="small" onClick={() => setOpen(true)}>
        {translate('resources.webhook.payload')}
      </Button>
      <Dialog open={open} onClose={() => setOpen(false)} maxWidth="md" fullWidth>
        <DialogTitle>{`${delivery.type} · ${delivery.msgId}`}</DialogTitle>
        <DialogContent>
          <Box component="pre" data-testid="webhook-payload" sx={{ m: 0, fontSize: 13, whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}>
            {JSON.stringify(delivery.payload, null, 2)}
          </Box>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setOpen(false)}>{translate('ra.action.close')}</Button>
        </DialogActions>
      </Dialog>
    </>
  );
}

/** How often the log reads again while a delivery is pending (the loop's beat is 2 s). */
const PENDING_REFRESH_MS = 3_000;

/** The endpoint's latest deliveries (event, state, attempts, last answer and error, times, payload), newest first. */
function Deliveries() {
  const translate = useTranslate();
  const format = useFormat();
  const record = useRecordContext<{ id: number }>();
  const { selectedOrg } = useSession();
  const dataProvider = useConsoleDataProvider();
  const reload = useReloadDeliveries();
  const id = record?.id ?? 0;
  const deliveries = useQuery({
    queryKey: consoleKey('webhookDeliveries', selectedOrg?.orgId ?? null, id),
    queryFn: ({ signal }) => dataProvider.webhookDeliveries(id, { signal }),
    enabled: id > 0,
    // While a delivery is pending the loop is at it: the log reads again until none is.
    refetchInterval: (query) => (query.state.data?.list.some((d) => d.status === 'pending') ? PENDING_REFRESH_MS : false),
    ...CONSOLE_QUERY,
  }).data?.list;
  if (!record) return null;
  const time = (at: string | null) => (at ? format.dateTime(at) : '—');
  return (
    <Box sx={{ mt: 3 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
        <Typography variant="h6" component="h2">
          {translate('resources.webhook.deliveries')}
        </Typography>
        <Button size="small" onClick={reload}>
          {translate('ra.action.refresh')}
        </Button>
      </Box>
      {deliveries && deliveries.length === 0 ? (
        <Typography color="text.secondary">{translate('resources.webhook.noDeliveries')}</Typography>
      ) : (
        <Table size="small" aria-label={translate('resources.webhook.deliveries')}>
          <TableHead>
            <TableRow>
              {DELIVERY_COLUMNS.map((column) => (
                <TableCell key={column}>{translate(`resources.webhook.delivery.${column}`)}</TableCell>
              ))}
              <TableCell>
                <Box component="span" sx={visuallyHidden}>
                  {translate('resources.webhook.deliveryActions')}
                </Box>
              </TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {(deliveries ?? []).map((delivery) => (
              <TableRow key={delivery.id} data-testid={`webhook-delivery-${delivery.type}`} data-status={delivery.status}>
                <TableCell>{delivery.type}</TableCell>
                <TableCell>{translate(`resources.webhook.deliveryStatus.${delivery.status}`)}</TableCell>
                <TableCell>{delivery.attempts}</TableCell>
                <TableCell>{delivery.lastStatus ?? '—'}</TableCell>
                <TableCell sx={{ maxWidth: 280, overflowWrap: 'anywhere' }}>{delivery.lastError ?? '—'}</TableCell>
                <TableCell>{time(delivery.createdAt)}</TableCell>
                <TableCell>{time(delivery.lastAttemptAt)}</TableCell>
                <TableCell>{delivery.msgId}</TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>
                  <PayloadButton delivery={delivery} />
                  <ResendButton delivery={delivery} />
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </Box>
  );
}

/** An endpoint without its secret, its edit, rotation, test event and deletion, and its delivery log. */
export default function WebhookShow({ definition }: ResourceViewProps) {
  return (
    <FieldsShow
      definition={definition}
      actions={
        <TopToolbar>
          <EditButton />
          <RotateButton />
          <TestButton />
          <DeleteWithConfirmButton mutationMode="pessimistic" redirect="list" />
        </TopToolbar>
      }
    >
      <Deliveries />
    </FieldsShow>
  );
}
