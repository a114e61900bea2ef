import { useEffect, useMemo, useState } from 'react';
import { Box, MenuItem, Table, TableBody, TableCell, TableHead, TableRow, TextField, Typography } from '@mui/material';
import { useListContext, useTranslate } from 'react-admin';
import type { ReportTotal } from '../../contract/schemas/report';
import { http } from '../../http';
import { useSession } from '../../session';
import { useDisplayTimeZone } from '../engine/displayTimeZone';
import type { ResourceViewProps } from '../engine/types';
import { REPORT_TOTALS } from './reportPaths';
import { dayRange, reportTimeZones } from './zonedTime';

/** The list's filters without the date range this component owns. */
const withoutDates = ({ dateFrom: _from, dateTo: _to, ...rest }: Record<string, unknown>) => rest;

/**
 * Above a report's rows: the date range picked as days in a time zone (sent as instants),
 * and the totals per currency of the whole filtered set, asked from the API with the
 * list's own filters so they always describe what Export would save.
 */
export default function ReportSummary({ definition }: ResourceViewProps) {
  const translate = useTranslate();
  const { filterValues, filter, setFilters, displayedFilters } = useListContext();
  const { chainList } = useSession();
  const zones = useMemo(() => reportTimeZones(), []);
  // The rows below show their times in the zone picked here.
  const [picked, setZone] = useDisplayTimeZone(definition.resourceName);
  const zone = picked && zones.includes(picked) ? picked : zones[0];
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [totals, setTotals] = useState<ReportTotal[] | null>(null);
  const gas = definition.name === 'gas-report';

  const apply = (next: { from?: string; to?: string; zone?: string }) => {
    const days = { from, to, zone, ...next };
    setFrom(days.from);
    setTo(days.to);
    setZone(days.zone);
    setFilters({ ...withoutDates(filterValues as Record<string, unknown>), ...dayRange(days.from || undefined, days.to || undefined, days.zone) }, displayedFilters);
  };

  const query = JSON.stringify({ ...filterValues, ...filter });
  useEffect(() => {
    let current = true;
    setTotals(null);
    http
      .get<{ list: ReportTotal[] }>(REPORT_TOTALS[definition.name], JSON.parse(query) as Record<string, string>)
      .then((answer) => current && setTotals(answer.list))
      .catch(() => current && setTotals([]));
    return () => {
      current = false;
    };
  }, [definition.name, query]);

  const chainName = (chainId: number) => chainList.find((c) => c.chainId === chainId)?.name ?? String(chainId);
  return (
    <Box sx={{ p: 2, display: 'flex', flexWrap: 'wrap', gap: 3, alignItems: 'flex-start' }}>
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', '& .MuiTextField-root': { width: 180 } }}>
        <TextField type="date" size="small" label={translate('report.from')} value={from} onChange={(e) => apply({ from: e.target.value })} slotProps={{ inputLabel: { shrink: true } }} />
        <TextField type="date" size="small" label={translate('report.to')} value={to} onChange={(e) => apply({ to: e.target.value })} slotProps={{ inputLabel: { shrink: true } }} />
        <TextField select size="small" label={translate('report.timeZone')} value={zone} onChange={(e) => apply({ zone: e.target.value })}>
          {zones.map((z) => (
            <MenuItem key={z} value={z}>
              {z}
            </MenuItem>
          ))}
        </TextField>
      </Box>
      <Box sx={{ flex: 1, minWidth: 320 }}>
        <Typography variant="subtitle2" component="h2">
          {translate('report.totals')}
        </Typography>
        <Table size="small" aria-label={translate('report.totals')}>
          <TableHead>
            <TableRow>
              <TableCell>{translate('report.currency')}</TableCell>
              <TableCell align="right">{translate(gas ? 'report.transactions' : 'report.orders')}</TableCell>
              {!gas && <TableCell align="right">{translate('report.amount')}</TableCell>}
              <TableCell align="right">{translate(gas ? 'report.gas' : 'report.fee')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {(totals ?? []).map((t) => (
              <TableRow key={`${t.chainId}-${t.symbol}`}>
                <TableCell>
                  {t.symbol} · {chainName(t.chainId)}
                </TableCell>
                <TableCell align="right">{t.count}</TableCell>
                {!gas && <TableCell align="right" sx={{ fontFamily: 'monospace' }}>{t.amount}</TableCell>}
                <TableCell align="right" sx={{ fontFamily: 'monospace' }}>
                  {t.fee}
                </TableCell>
              </TableRow>
            ))}
            {totals?.length === 0 && (
              <TableRow>
                <TableCell colSpan={gas ? 3 : 4}>{translate('report.nothing')}</TableCell>
              </TableRow>
            )}
          </TableBody>
        </Table>
      </Box>
    </Box>
  );
}
