import { Box, Table, TableBody, TableCell, TableHead, TableRow, Typography, useMediaQuery, type Theme } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { GasReportTotal, OrderReportTotal } from '../../contract/schemas/report';
import { useSession } from '../../session';
import { useFormat } from '../../i18n/useFormat';
import type { ReportKind } from './reportPaths';

type Total = OrderReportTotal | GasReportTotal;
/** Figures of one width, right-aligned, so the digits of a column line up. */
const FIGURES = { fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' } as const;

/** Columns per report: an order report keeps what was paid apart from what was not; the gas report sums gas. */
const columns = (kind: ReportKind) =>
  kind === 'gas'
    ? [
        { label: 'report.transactions', value: (t: Total) => (t as GasReportTotal).count, money: false },
        { label: 'report.gas', value: (t: Total) => (t as GasReportTotal).gas, money: true },
      ]
    : [
        { label: 'report.paidCount', value: (t: Total) => (t as OrderReportTotal).paidCount, money: false },
        { label: 'report.paidAmount', value: (t: Total) => (t as OrderReportTotal).paidAmount, money: true },
        { label: 'report.fee', value: (t: Total) => (t as OrderReportTotal).fee, money: true },
        { label: 'report.unpaidCount', value: (t: Total) => (t as OrderReportTotal).unpaidCount, money: false },
        { label: 'report.unpaidAmount', value: (t: Total) => (t as OrderReportTotal).unpaidAmount, money: true },
      ];

/** The totals per currency (and chain) of the whole filtered set, labelled for what the report sums. */
export function ReportTotals({ kind, totals }: { kind: ReportKind; totals: Total[] }) {
  const translate = useTranslate();
  const format = useFormat();
  const { chainList } = useSession();
  const chainName = (chainId: number) => chainList.find((c) => c.chainId === chainId)?.name ?? String(chainId);
  const title = translate(`report.totals.${kind}`);
  const shown = columns(kind);
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  // Six columns do not fit 390 px: on a phone each currency is its own two-column table, read downwards.
  if (phone) {
    return (
      <Box sx={{ flex: 1, minWidth: '100%' }} data-testid="report-totals-phone">
        <Typography variant="subtitle2" component="h2">
          {title}
        </Typography>
        {totals.map((t) => (
          <Table
            key={`${t.chainId}-${t.symbol}`}
            size="small"
            aria-label={`${title}: ${t.symbol} · ${chainName(t.chainId)}`}
            sx={{ mb: 1 }}
          >
            <TableHead>
              <TableRow>
                <TableCell colSpan={2}>
                  {t.symbol} · {chainName(t.chainId)}
                </TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {shown.map((c) => (
                <TableRow key={c.label}>
                  <TableCell component="th" scope="row">
                    {translate(c.label)}
                  </TableCell>
                  <TableCell align="right" sx={FIGURES}>
                    {c.money ? format.amount(c.value(t)) : format.number(Number(c.value(t)))}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        ))}
      </Box>
    );
  }
  return (
    <Box sx={{ flex: 1, minWidth: { xs: '100%', sm: 420 } }}>
      <Typography variant="subtitle2" component="h2">
        {title}
      </Typography>
      {/* A phone scrolls the table sideways rather than squeezing the amounts; size containment keeps
          the table's width from widening the page around it. */}
      <Box sx={{ overflowX: 'auto', contain: 'inline-size' }}>
        <Table size="small" aria-label={title}>
          <TableHead>
            <TableRow>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{translate(kind === 'gas' ? 'report.nativeCoin' : 'report.currency')}</TableCell>
              {shown.map((c) => (
                <TableCell key={c.label} align="right" sx={{ whiteSpace: 'nowrap' }}>
                  {translate(c.label)}
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {totals.map((t) => (
              <TableRow key={`${t.chainId}-${t.symbol}`}>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>
                  {t.symbol} · {chainName(t.chainId)}
                </TableCell>
                {shown.map((c) => (
                  <TableCell key={c.label} align="right" sx={FIGURES}>
                    {c.money ? format.amount(c.value(t)) : format.number(Number(c.value(t)))}
                  </TableCell>
                ))}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </Box>
    </Box>
  );
}
