import { useEffect, useMemo, useState } from 'react';
import { Box, Card, CardContent, Chip, Stack, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { ApiPath } from '../../contract/apiPaths';
import type { DashboardData, VolumePoint } from '../../contract/schemas/dashboard';
import { http } from '../../http';
import { useSession } from '../../session';
import { sumDecimals } from './sumDecimals';

const DAYS = 30;
const DAY = 86_400_000;

/** Every day of the range, so quiet days show as gaps rather than vanish. */
function daysOf(from: string, to: string): string[] {
  const days: string[] = [];
  for (let t = Date.parse(`${from}T00:00:00Z`); t <= Date.parse(`${to}T00:00:00Z`); t += DAY) days.push(new Date(t).toISOString().slice(0, 10));
  return days;
}

const keyOf = (p: Pick<VolumePoint, 'symbol' | 'chainId'>) => `${p.symbol}:${p.chainId}`;

/**
 * SPEC B6 /home "payment volume over time": paid orders of the last 30 days per UTC day, one
 * currency at a time (the busiest first). Bar heights are drawn from numbers; the figures
 * shown are the exact decimal sums.
 */
export function VolumeCard() {
  const translate = useTranslate();
  const { chainList, selectedOrg } = useSession();
  const [data, setData] = useState<DashboardData | null>(null);
  const [picked, setPicked] = useState<string | null>(null);

  useEffect(() => {
    let current = true;
    http
      .get<DashboardData>(ApiPath.dashboard, { days: DAYS })
      .then((answer) => current && setData(answer))
      .catch(() => current && setData({ from: '', to: '', volume: [] }));
    return () => {
      current = false;
    };
  }, [selectedOrg?.orgId]);

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
  const highest = Math.max(0, ...points.map((p) => Number(p.amount)));
  const total = sumDecimals(points.map((p) => p.amount));
  const count = points.reduce((n, p) => n + p.count, 0);
  const chainName = (chainId: number) => chainList.find((c) => c.chainId === chainId)?.name ?? String(chainId);

  return (
    <Card sx={{ mt: 2 }}>
      <CardContent>
        <Typography variant="h6" component="h2" gutterBottom>
          {translate('home.volume', { days: DAYS })}
        </Typography>
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
              {translate('home.volumeTotal', { amount: `${total} ${chosen.symbol}`, count })}
            </Typography>
            <Box
              component="svg"
              viewBox={`0 0 ${days.length * 10} 100`}
              preserveAspectRatio="none"
              role="img"
              aria-label={translate('home.volumeTotal', { amount: `${total} ${chosen.symbol}`, count })}
              sx={{ width: '100%', height: 120, display: 'block', mt: 1 }}
            >
              {days.map((day, index) => {
                const point = byDay.get(day);
                const height = point && highest > 0 ? Math.max(2, (Number(point.amount) / highest) * 96) : 0;
                return (
                  <rect key={day} x={index * 10 + 1} y={100 - height} width={8} height={height} fill="currentColor" opacity={0.7}>
                    <title>{point ? `${day}: ${point.amount} ${chosen.symbol} (${point.count})` : day}</title>
                  </rect>
                );
              })}
            </Box>
            <Stack direction="row" sx={{ justifyContent: 'space-between', color: 'text.secondary' }}>
              <Typography variant="caption">{data?.from}</Typography>
              <Typography variant="caption">{data?.to}</Typography>
            </Stack>
          </>
        )}
      </CardContent>
    </Card>
  );
}
