import { Box, Button, Chip, Stack, Typography } from '@mui/material';
import InboxIcon from '@mui/icons-material/Inbox';
import FilterAltOffIcon from '@mui/icons-material/FilterAltOff';
import { useListContext, useLocaleState, useTranslate } from 'react-admin';
import { useDisplayTimeZone } from '../engine/displayTimeZone';
import type { FieldDeclaration, ResourceDefinition, ResourceViewProps } from '../engine/types';
import { fieldLabel } from '../engine/views/FieldViews';
import { useFieldChoices } from '../engine/views/useChoices';
import { datedListOf } from './reportPaths';
import { reportTimeZones } from './zonedTime';

const DATES = ['dateFrom', 'dateTo'];
const PLAIN: FieldDeclaration = { source: '', kind: 'text' };

/** "Nov 1 – 7, 2026" in the user's language, the days read in the report's time zone. */
function useDaysText(definition: ResourceDefinition, dateFrom: unknown, dateTo: unknown): string {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const [picked] = useDisplayTimeZone(definition.resourceName);
  const zones = reportTimeZones();
  const timeZone = picked && zones.includes(picked) ? picked : zones[0];
  const format = new Intl.DateTimeFormat(locale, { timeZone, year: 'numeric', month: 'short', day: 'numeric' });
  const from = typeof dateFrom === 'string' ? new Date(dateFrom) : null;
  // dateTo is the instant after the last day.
  const to = typeof dateTo === 'string' ? new Date(Date.parse(dateTo) - 1) : null;
  if (from && to) return format.formatRange(from, to);
  if (from) return translate('report.fromDay', { day: format.format(from) });
  return to ? translate('report.toDay', { day: format.format(to) }) : '';
}

/** One filter as "Label: value", its value named as its input names it (a status, an organisation). */
function FilterChip({
  definition,
  source,
  value,
  onDelete,
}: {
  definition: ResourceDefinition;
  source: string;
  value: unknown;
  onDelete: () => void;
}) {
  const translate = useTranslate();
  const field = definition.fields.find((f) => f.source === source) ?? PLAIN;
  const { choices } = useFieldChoices(field, {});
  const choice = choices.find((c) => String(c.id) === String(value));
  const text = choice
    ? translate(choice.name, { _: choice.name })
    : field.kind === 'boolean'
      ? translate(String(value) === 'true' ? 'ra.boolean.true' : 'ra.boolean.false')
      : String(value);
  return <Chip label={`${fieldLabel(definition, source, translate)}: ${text}`} onDelete={onDelete} />;
}

/**
 * A report with no rows. Nothing filtered: "No payments yet." Filtered: which filters hid the
 * rows (each removable, the days as the range they cover) and a way to clear them all.
 */
export default function ReportEmpty({ definition }: ResourceViewProps) {
  const translate = useTranslate();
  const { filterValues, setFilters, displayedFilters } = useListContext();
  const values = filterValues as Record<string, unknown>;
  const { kind } = datedListOf(definition.name);
  const days = useDaysText(definition, values.dateFrom, values.dateTo);
  const others = Object.entries(values).filter(([source, value]) => !DATES.includes(source) && value !== undefined && value !== '');
  const without = (sources: string[]) =>
    setFilters(Object.fromEntries(Object.entries(values).filter(([source]) => !sources.includes(source))), displayedFilters);
  const filtered = days !== '' || others.length > 0;
  return (
    <Box sx={{ textAlign: 'center', py: 6, px: 2, flex: 1 }} data-testid="report-empty">
      <InboxIcon sx={{ fontSize: 64, color: 'text.disabled' }} />
      <Typography variant="h6" component="p" sx={{ mb: 2 }}>
        {translate(`report.empty.${kind}.${filtered ? 'filtered' : 'none'}`)}
      </Typography>
      {filtered && (
        <>
          <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', justifyContent: 'center', mb: 2 }}>
            {days && <Chip label={`${translate('report.days')}: ${days}`} onDelete={() => without(DATES)} />}
            {others.map(([source, value]) => (
              <FilterChip key={source} definition={definition} source={source} value={value} onDelete={() => without([source])} />
            ))}
          </Stack>
          <Button variant="outlined" startIcon={<FilterAltOffIcon />} onClick={() => setFilters({}, [])}>
            {translate('report.clearFilters')}
          </Button>
        </>
      )}
    </Box>
  );
}
