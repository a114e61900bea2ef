import { useEffect, useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Box, MenuItem, TextField, Typography } from '@mui/material';
import { useListContext, useTranslate } from 'react-admin';
import { useSession } from '../../session';
import { CONSOLE_QUERY, consoleKey, useConsoleDataProvider } from '../../shell/consoleQuery';
import { useDisplayTimeZone } from '../engine/displayTimeZone';
import { useAllChains } from '../engine/allChains';
import { useFormat } from '../../i18n/useFormat';
import type { FieldDeclaration, ResourceViewProps } from '../engine/types';
import { useFieldChoices } from '../engine/views/useChoices';
import { datedListOf } from './reportPaths';
import { ReportTotals } from './ReportTotals';
import { dayRange, pickedDays, reportTimeZones } from './zonedTime';

/** The report's currency filter field (an enum over the currency list), if it has one. */
const currencyField = (fields: FieldDeclaration[]) => fields.find((f) => f.source === 'symbol' && f.kind === 'enum');

/** The currencies of the report's chain (the app bar's), or of every chain, for the picker. */
function CurrencyPicker({
  field,
  allChains,
  value,
  onChange,
}: {
  field: FieldDeclaration;
  allChains: boolean;
  value: string;
  onChange: (symbol: string) => void;
}) {
  const translate = useTranslate();
  const chainId = useSession().currentChainObj?.chainId;
  // Every chain's currencies, each symbol once (USDT on Ethereum and on TRON is one choice; the totals keep them apart).
  const everyChain = useMemo(
    () =>
      field.kind === 'enum' && !Array.isArray(field.choices) ? { ...field, choices: { ...field.choices, dependsOn: undefined } } : field,
    [field],
  );
  const { choices } = useFieldChoices(allChains ? everyChain : field, { chainId });
  // A symbol picked before the chain changed stays shown until cleared.
  const offered = value && !choices.some((c) => c.id === value) ? [...choices, { id: value, name: value }] : choices;
  return (
    <TextField select size="small" label={translate('report.currency')} value={value} onChange={(e) => onChange(e.target.value)}>
      <MenuItem value="">{translate('report.allCurrencies')}</MenuItem>
      {offered.map((c) => (
        <MenuItem key={c.id} value={String(c.id)}>
          {c.name}
        </MenuItem>
      ))}
    </TextField>
  );
}

/** The app bar's chain or every chain: which the report's rows, totals and export cover. */
function ChainPicker({ allChains, onChange }: { allChains: boolean; onChange: (all: boolean) => void }) {
  const translate = useTranslate();
  const chain = useSession().currentChainObj;
  return (
    <TextField
      select
      size="small"
      label={translate('report.chains')}
      value={allChains ? 'all' : 'selected'}
      onChange={(e) => onChange(e.target.value === 'all')}
    >
      <MenuItem value="selected">{chain?.name ?? '—'}</MenuItem>
      <MenuItem value="all">{translate('report.allChains')}</MenuItem>
    </TextField>
  );
}

/**
 * Above a report's rows: the date range picked as days in a time zone (sent as instants), the
 * chain (the app bar's, or all of them), the currency, and the totals per currency of the whole filtered set, asked from the API with the
 * list's own filters so they always describe what Export would save.
 */
export default function ReportSummary({ definition }: ResourceViewProps) {
  const translate = useTranslate();
  const format = useFormat();
  const { filterValues, filter, setFilters, displayedFilters } = useListContext();
  const zones = useMemo(() => reportTimeZones(), []);
  // The rows below show their times in the zone picked here.
  const [picked, setZone] = useDisplayTimeZone(definition.resourceName);
  const zone = picked && zones.includes(picked) ? picked : zones[0];
  // The days as picked, at once (the list's filters follow a moment later, through the URL), and
  // as the filters hold them whenever those change elsewhere (cleared from the empty state).
  const held = pickedDays(filterValues.dateFrom, filterValues.dateTo, zone);
  const [days, setDays] = useState(held);
  const heldKey = `${held.from}|${held.to}`;
  useEffect(() => {
    const [from = '', to = ''] = heldKey.split('|');
    setDays({ from, to });
  }, [heldKey]);
  const { report } = datedListOf(definition.name);
  const currency = currencyField(definition.fields);
  const [allChains, setAllChains] = useAllChains(definition);

  /** Sets some filters, dropping those set to nothing. */
  const change = (changes: Record<string, unknown>) => {
    const next: Record<string, unknown> = { ...(filterValues as Record<string, unknown>), ...changes };
    for (const key of Object.keys(next)) if (next[key] === undefined || next[key] === '') delete next[key];
    setFilters(next, displayedFilters);
  };
  const apply = (next: { from?: string; to?: string; zone?: string }) => {
    const picks = { ...days, zone, ...next };
    setDays({ from: picks.from, to: picks.to });
    setZone(picks.zone);
    change({ dateFrom: undefined, dateTo: undefined, ...dayRange(picks.from || undefined, picks.to || undefined, picks.zone) });
  };

  // The list's own filters: the totals describe what Export would save.
  const query = { ...(filterValues as Record<string, unknown>), ...(filter as Record<string, unknown> | undefined) };
  const dataProvider = useConsoleDataProvider();
  const kind = report?.kind;
  const orgId = useSession().selectedOrg?.orgId ?? null;
  const asked = useQuery({
    queryKey: consoleKey('reportTotals', orgId, kind, query),
    queryFn: ({ signal }) => dataProvider.reportTotals({ kind: kind!, filter: query, signal }),
    enabled: kind !== undefined,
    ...CONSOLE_QUERY,
  });
  // A failure (toasted) totals nothing; while asking, no totals are shown.
  const totals = asked.data?.list ?? (asked.isError ? [] : null);
  // The search matches too many orders to total (docs/DECISIONS.md "Reports at volume").
  const broad = asked.data?.broad === true ? (asked.data.searchCap ?? 0) : null;

  return (
    <Box sx={{ p: 2, display: 'flex', flexWrap: 'wrap', gap: 3, alignItems: 'flex-start' }}>
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', '& .MuiTextField-root': { width: { xs: 'calc(50% - 4px)', sm: 180 } } }}>
        <TextField
          type="date"
          size="small"
          label={translate('report.from')}
          value={days.from}
          onChange={(e) => apply({ from: e.target.value })}
          slotProps={{ inputLabel: { shrink: true } }}
        />
        <TextField
          type="date"
          size="small"
          label={translate('report.to')}
          value={days.to}
          onChange={(e) => apply({ to: e.target.value })}
          slotProps={{ inputLabel: { shrink: true } }}
        />
        <TextField select size="small" label={translate('report.timeZone')} value={zone} onChange={(e) => apply({ zone: e.target.value })}>
          {zones.map((z) => (
            <MenuItem key={z} value={z}>
              {z}
            </MenuItem>
          ))}
        </TextField>
        {definition.declaration.list?.allChains && <ChainPicker allChains={allChains} onChange={setAllChains} />}
        {currency && (
          <CurrencyPicker
            field={currency}
            allChains={allChains}
            value={typeof filterValues.symbol === 'string' ? filterValues.symbol : ''}
            onChange={(symbol) => change({ symbol })}
          />
        )}
      </Box>
      {/* Nothing to total: the empty state below says which filters hid the rows. */}
      {report && totals && totals.length > 0 && <ReportTotals kind={report.kind} totals={totals} />}
      {broad !== null && (
        <Typography color="text.secondary" data-testid="broad-search" sx={{ flex: 1, minWidth: 240 }}>
          {translate('report.broadSearch', { cap: format.number(broad) })}
        </Typography>
      )}
    </Box>
  );
}
