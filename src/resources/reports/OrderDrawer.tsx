import type { ReactNode } from 'react';
import { Box, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useRecordContext, useTranslate } from 'react-admin';
import type { OrderReportRecord } from '../../contract/schemas/report';
import { CONSOLE_QUERY, consoleKey, useConsoleDataProvider } from '../../shell/consoleQuery';
import { useFormat } from '../../i18n/useFormat';
import { useDisplayTimeZone } from '../engine/displayTimeZone';
import type { ResourceViewProps } from '../engine/types';
import { useSession } from '../../session';
import { DrawerTitle, FactsTable } from '../engine/views/RecordDrawer';

const reasonKey = (reason: string) => reason.replace(/ (\w)/g, (_, c: string) => c.toUpperCase());

/** A titled table of one part of the order's story, or a line saying there is none. */
function Part({ title, empty, head, rows, testId }: { title: string; empty: string; head: string[]; rows: ReactNode[][]; testId: string }) {
  return (
    <Box sx={{ mb: 2 }} data-testid={testId}>
      <Typography variant="subtitle1" component="h3" sx={{ mb: 0.5 }}>
        {title}
      </Typography>
      {rows.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          {empty}
        </Typography>
      ) : (
        <Table size="small" sx={{ tableLayout: 'fixed' }} aria-label={title}>
          <TableHead>
            <TableRow>
              {head.map((label) => (
                <TableCell key={label}>{label}</TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((cells, n) => (
              <TableRow key={n}>
                {cells.map((cell, m) => (
                  <TableCell key={m} sx={{ overflowWrap: 'break-word' }}>
                    {cell}
                  </TableCell>
                ))}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </Box>
  );
}

/**
 * One order beside its report (GET /sys/report/order/detail): its facts, the payments the chain
 * watcher saw arrive for it, its repairs, and the ledger entries it caused. Closing it (Esc, the
 * backdrop, ✕) returns focus to the row.
 */
export default function OrderDrawer({ definition, close }: ResourceViewProps) {
  const record = useRecordContext<OrderReportRecord & { id: number }>();
  const translate = useTranslate();
  const format = useFormat();
  const [timeZone] = useDisplayTimeZone(definition.resourceName);
  const dataProvider = useConsoleDataProvider();
  const detail = useQuery({
    queryKey: consoleKey('orderDetail', useSession().selectedOrg?.orgId ?? null, record?.id),
    queryFn: ({ signal }) => dataProvider.orderDetail({ id: record!.id, signal }),
    enabled: record !== undefined,
    ...CONSOLE_QUERY,
  });
  if (!record) return null;
  const when = (at: string | null) => (at ? format.dateTime(at, timeZone ?? undefined, 'second') : '—');
  const label = (source: string) => translate(definition.fieldKey(source), { _: source });
  const facts: Array<[string, string | null]> = [
    ['status', translate(`report.status.${record.status}`)],
    ['amount', `${record.amount} ${record.symbol}`],
    ['fee', record.fee],
    ['createdAt', when(record.createdAt)],
    ['paidAt', record.paidAt ? when(record.paidAt) : null],
    ['orgName', record.orgName],
    ['payerAddress', record.payerAddress],
    ['depositAddress', record.depositAddress],
    ['txHash', record.txHash],
  ];
  const story = detail.data;
  return (
    <Box sx={{ p: 2 }} role="region" aria-labelledby="order-drawer-title" data-testid="order-drawer">
      <DrawerTitle id="order-drawer-title" close={close}>
        {record.orderNo}
      </DrawerTitle>
      <FactsTable facts={facts.map(([source, value]) => [label(source), value])} />
      {detail.isError && (
        <Typography variant="body2" color="error">
          {translate('report.drawer.failed')}
        </Typography>
      )}
      {story && (
        <>
          <Part
            testId="order-transfers"
            title={translate('report.drawer.transfers')}
            empty={translate('report.drawer.noTransfers')}
            head={[translate('orderRepair.when'), translate('report.drawer.from'), label('amount'), label('txHash')]}
            rows={story.transfers.map((t) => [when(t.blockTime), t.fromAddress, `${t.amount} ${record.symbol}`, t.txHash])}
          />
          <Part
            testId="order-repairs"
            title={translate('orderRepair.log')}
            empty={translate('orderRepair.noRepairs')}
            head={[
              translate('orderRepair.when'),
              translate('orderRepair.action'),
              translate('orderRepair.who'),
              translate('orderRepair.change'),
            ]}
            rows={story.repairs.map((r) => [
              when(r.createdAt),
              translate(`orderRepair.actions.${r.action}`),
              r.actor,
              `${translate(`report.status.${r.previousStatus}`)} → ${translate(`report.status.${r.newStatus}`)}${r.reason ? ` (${r.reason})` : ''}`,
            ])}
          />
          <Part
            testId="order-ledger"
            title={translate('report.drawer.ledger')}
            empty={translate('report.drawer.noLedger')}
            head={[
              translate('orderRepair.when'),
              translate('report.drawer.wallet'),
              translate('report.drawer.change'),
              translate('report.drawer.reason'),
            ]}
            rows={story.ledger.map((e) => [
              when(e.createdAt),
              e.walletLabel,
              `${e.delta} ${e.symbol}`,
              translate(`resources.asset-flow.reasons.${reasonKey(e.reason)}`),
            ])}
          />
        </>
      )}
    </Box>
  );
}
