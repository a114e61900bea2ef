import { useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Alert, Box, Button, Card, CardContent, Chip, Stack, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { DashboardData, VolumePoint } from '../../contract/schemas/dashboard';
import { useSession } from '../../session';
import { CONSOLE_QUERY, consoleKey, useConsoleDataProvider } from '../../shell/consoleQuery';
import { sumDecimals } from './sumDecimals';
import { axisTicks } from './volumeAxis';
import { useFormat } from '../../i18n/useFormat';

const DAYS = 30;
const DAY = 86_400_000;

/** Every day of the range, so quiet days show as gaps rather than vanish. */
function daysOf(from: string, to: string): string[] {
  const days: string[] = [];
  for (let t = Date.parse(`${from}T00:00:00Z`); t <= Date.parse(`${to}T00:00:00Z`); t += DAY)
    days.push(new Date(t).toISOString().slice(0, 10));
  return days;
}

const keyOf = (p: Pick<VolumePoint, 'symbol' | 'chainId'>) => `${p.symbol}:${p.chainId}`;

const CHART_HEIGHT = 140;

/**
 * /home "payment volume over time" (docs/roles-and-routes.md): paid orders of the last 30 days per UTC day, one
 * currency at a time (the busiest first). Bar heights are drawn from numbers; the figures
 * shown are the exact decimal sums.
 */
export function VolumeCard() {
  const translate = useTranslate();
  const format = useFormat();
  const { chainList, selectedOrg } = useSession();
  const dataProvider = useConsoleDataProvider();
  const [picked, setPicked] = useState<string | null>(null);

  const dashboard = useQuery({
    queryKey: consoleKey('dashboard', selectedOrg?.orgId ?? null, { days: DAYS }),
    queryFn: ({ signal }) => dataProvider.dashboard({ days: DAYS, signal }),
    ...CONSOLE_QUERY,
  });
  // A failure is said as one (with a retry), never as an empty period: "no paid orders" would be a false statement.
  const data: DashboardData | null = dashboard.data ?? null;

  const currencies = useMemo(() => {
    const counts = new Map<string, { key: string; symbol: string; chainId: number; count: number }>();
    for (const p of data?.volume ?? []) {
      const entry = counts.get(keyOf(p)) ?? { key: keyOf(p), symbol: p.symbol, chainId: p.chainId, count: 0 };
      entry.count += p.count;
      counts.set(entry.key, entry);
    }
    return [...counts.values()].sort((a, b) => b.count - a.count || a.key.localeCompare(b.key));
  }, [data]);

  const chosen = currencies.find((c) => c.key === picked) ?? currencies[0];
  const points = (data?.volume ?? []).filter((p) => chosen && keyOf(p) === chosen.key);
  const byDay = new Map(points.map((p) => [p.day, p]));
  const days = data?.from ? daysOf(data.from, data.to) : [];
  const ticks = axisTicks(Math.max(0, ...points.map((p) => Number(p.amount))));
  const top = ticks[ticks.length - 1];
  const total = sumDecimals(points.map((p) => p.amount));
  const count = points.reduce((n, p) => n + p.count, 0);
  const chainName = (chainId: number) => chainList.find((c) => c.chainId === chainId)?.name ?? String(chainId);

  return (
    <Card sx={{ mt: 2 }}>
      <CardContent>
        <Typography variant="h6" component="h2" gutterBottom>
          {translate('home.volume', { days: DAYS })}
        </Typography>
        {!data && dashboard.isError && (
          <Alert
            severity="error"
            data-testid="volume-failed"
            action={
              <Button color="inherit" size="small" onClick={() => void dashboard.refetch()}>
                {translate('home.volumeRetry')}
              </Button>
            }
          >
            {translate('home.volumeFailed')}
          </Alert>
        )}
        {data && currencies.length === 0 && <Typography color="text.secondary">{translate('home.noVolume')}</Typography>}
        {chosen && (
          <>
            <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', mb: 1 }}>
              {currencies.map((c) => (
                <Chip
                  key={c.key}
                  label={`${c.symbol} · ${chainName(c.chainId)}`}
                  color={c.key === chosen.key ? 'primary' : 'default'}
                  variant={c.key === chosen.key ? 'filled' : 'outlined'}
                  onClick={() => setPicked(c.key)}
                />
              ))}
            </Stack>
            <Typography data-testid="home-volume-total">
              {translate('home.volumeTotal', { amount: `${format.amount(total)} ${chosen.symbol}`, count: format.number(count) })}
            </Typography>
            <VolumeAxisChart
              label={translate('home.volumeTotal', { amount: `${format.amount(total)} ${chosen.symbol}`, count: format.number(count) })}
              ticks={ticks.map((tick) => ({ value: tick, label: `${format.compact(tick)} ${chosen.symbol}` }))}
              bars={days.map((day) => {
                const point = byDay.get(day);
                return {
                  key: day,
                  height: point && top > 0 ? Math.max(2, (Number(point.amount) / top) * 100) : 0,
                  title: point
                    ? `${format.day(day)}: ${format.amount(point.amount)} ${chosen.symbol} (${format.number(point.count)})`
                    : format.day(day),
                };
              })}
              from={data?.from ? format.day(data.from) : ''}
              to={data?.to ? format.day(data.to) : ''}
            />
          </>
        )}
      </CardContent>
    </Card>
  );
}

interface ChartProps {
  label: string;
  ticks: Array<{ value: number; label: string }>;
  /** Height in percent of the top tick. */
  bars: Array<{ key: string; height: number; title: string }>;
  /** The first and last day, under the bars. */
  from: string;
  to: string;
}

/**
 * Bars over labelled gridlines. The labels are HTML beside the SVG (an SVG stretched to the
 * card's width would stretch its text too); the widest one, laid out invisibly, sizes the axis.
 */
function VolumeAxisChart({ label, ticks, bars, from, to }: ChartProps) {
  const top = ticks[ticks.length - 1].value;
  const widest = ticks.reduce((a, b) => (b.label.length > a.length ? b.label : a), '');
  const at = (value: number) => (top > 0 ? (value / top) * 100 : 0);
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: 'auto minmax(0, 1fr)', mt: 2 }}>
      <Box data-testid="home-volume-axis" sx={{ position: 'relative', height: CHART_HEIGHT, pr: 1, color: 'text.secondary' }}>
        <Typography variant="caption" sx={{ visibility: 'hidden', whiteSpace: 'nowrap', display: 'block', height: 0 }} aria-hidden>
          {widest}
        </Typography>
        {ticks.map((tick) => (
          <Typography
            key={tick.value}
            variant="caption"
            sx={{
              position: 'absolute',
              right: 8,
              bottom: `${at(tick.value)}%`,
              transform: 'translateY(50%)',
              whiteSpace: 'nowrap',
              fontVariantNumeric: 'tabular-nums',
              lineHeight: 1,
            }}
          >
            {tick.label}
          </Typography>
        ))}
      </Box>
      <Box
        component="svg"
        viewBox={`0 0 ${bars.length * 10} 100`}
        preserveAspectRatio="none"
        role="img"
        aria-label={label}
        sx={{ width: '100%', height: CHART_HEIGHT, display: 'block', overflow: 'visible' }}
      >
        {ticks.map((tick) => (
          <line
            key={tick.value}
            x1={0}
            x2={bars.length * 10}
            y1={100 - at(tick.value)}
            y2={100 - at(tick.value)}
            stroke="currentColor"
            strokeOpacity={0.15}
            vectorEffect="non-scaling-stroke"
          />
        ))}
        {bars.map((bar, index) => (
          <rect key={bar.key} x={index * 10 + 1} y={100 - bar.height} width={8} height={bar.height} fill="currentColor" opacity={0.7}>
            <title>{bar.title}</title>
          </rect>
        ))}
      </Box>
      <Stack direction="row" sx={{ gridColumn: 2, justifyContent: 'space-between', color: 'text.secondary', mt: 0.5 }}>
        <Typography variant="caption">{from}</Typography>
        <Typography variant="caption">{to}</Typography>
      </Stack>
    </Box>
  );
}
