import { Card, CardContent, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { OrderRepairRecord, OrderRepairView } from '../../contract/schemas/orderRepair';
import { useFormat } from '../../i18n/useFormat';

/** A re-credit says why in the operator's words; a re-check what the chain showed, in the reader's language. */
function details(repair: OrderRepairRecord, translate: ReturnType<typeof useTranslate>): string {
  if (repair.reason !== null) return repair.reason;
  return repair.txHash ? translate('orderRepair.recheckFound', { txHash: repair.txHash }) : translate('orderRepair.recheckNothing');
}

/** The order's audited repairs, oldest first; everyone who may see the order sees them. */
export function RepairLog({ view }: { view: OrderRepairView }) {
  const translate = useTranslate();
  const format = useFormat();
  return (
    <Card>
      <CardContent>
        <Typography variant="h6" component="h2" gutterBottom>
          {translate('orderRepair.log')}
        </Typography>
        {view.repairs.length === 0 ? (
          <Typography color="text.secondary">{translate('orderRepair.noRepairs')}</Typography>
        ) : (
          <Table size="small" aria-label={translate('orderRepair.log')}>
            <TableHead>
              <TableRow>
                <TableCell>{translate('orderRepair.when')}</TableCell>
                <TableCell>{translate('orderRepair.who')}</TableCell>
                <TableCell>{translate('orderRepair.action')}</TableCell>
                <TableCell>{translate('orderRepair.change')}</TableCell>
                <TableCell>{translate('orderRepair.details')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {view.repairs.map((r) => (
                <TableRow key={r.id}>
                  <TableCell>{format.dateTime(r.createdAt)}</TableCell>
                  <TableCell>{r.actor}</TableCell>
                  <TableCell>{translate(`orderRepair.actions.${r.action}`)}</TableCell>
                  <TableCell>
                    {translate(`report.status.${r.previousStatus}`)} → {translate(`report.status.${r.newStatus}`)}
                  </TableCell>
                  <TableCell sx={{ wordBreak: 'break-word' }}>{details(r, translate)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </CardContent>
    </Card>
  );
}
