import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Box, Button, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import AutorenewIcon from '@mui/icons-material/Autorenew';
import { Confirm, DeleteWithConfirmButton, EditButton, TopToolbar, useRecordContext, useRefresh, useTranslate } from 'react-admin';
import type { ResourceViewProps } from '../engine/types';
import { FieldsShow } from '../engine/views/GeneratedShow';
import { ShownOnce } from '../engine/views/ShownOnce';
import { WEBHOOK_SECRET } from './WebhookForm';
import { CONSOLE_QUERY, consoleKey, consoleKeyPrefix, useConsoleDataProvider } from '../../shell/consoleQuery';
import { useSession } from '../../session';
import { useFormat } from '../../i18n/useFormat';

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
export const DELIVERY_COLUMNS = ['type', 'status', 'attempts', 'lastStatus', 'lastAttemptAt', 'msgId'] as const;

/** The endpoint's latest deliveries (event, state, attempts, last answer, time), newest first. */
function Deliveries() {
  const translate = useTranslate();
  const format = useFormat();
  const record = useRecordContext<{ id: number }>();
  const { selectedOrg } = useSession();
  const dataProvider = useConsoleDataProvider();
  const queryClient = useQueryClient();
  const id = record?.id ?? 0;
  const deliveries = useQuery({
    queryKey: consoleKey('webhookDeliveries', selectedOrg?.orgId ?? null, id),
    queryFn: ({ signal }) => dataProvider.webhookDeliveries(id, { signal }),
    enabled: id > 0,
    ...CONSOLE_QUERY,
  }).data?.list;
  if (!record) return null;
  return (
    <Box sx={{ mt: 3 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
        <Typography variant="h6" component="h2">
          {translate('resources.webhook.deliveries')}
        </Typography>
        <Button size="small" onClick={() => void queryClient.invalidateQueries({ queryKey: consoleKeyPrefix('webhookDeliveries') })}>
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
            </TableRow>
          </TableHead>
          <TableBody>
            {(deliveries ?? []).map((delivery) => (
              <TableRow key={delivery.id}>
                <TableCell>{delivery.type}</TableCell>
                <TableCell title={delivery.lastError ?? undefined}>
                  {translate(`resources.webhook.deliveryStatus.${delivery.status}`)}
                </TableCell>
                <TableCell>{delivery.attempts}</TableCell>
                <TableCell>{delivery.lastStatus ?? '—'}</TableCell>
                <TableCell>{format.dateTime(delivery.lastAttemptAt ?? delivery.createdAt)}</TableCell>
                <TableCell>{delivery.msgId}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </Box>
  );
}

/** An endpoint without its secret, its edit, rotation and deletion, and its delivery log. */
export default function WebhookShow({ definition }: ResourceViewProps) {
  return (
    <FieldsShow
      definition={definition}
      actions={
        <TopToolbar>
          <EditButton />
          <RotateButton />
          <DeleteWithConfirmButton mutationMode="pessimistic" redirect="list" />
        </TopToolbar>
      }
    >
      <Deliveries />
    </FieldsShow>
  );
}
