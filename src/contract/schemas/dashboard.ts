import { z } from 'zod';

/** GET /sys/dashboard: paid volume per UTC day over the last `days` days (/home, docs/roles-and-routes.md). */
export const dashboardQuery = z.object({
  days: z.coerce.number({ error: 'validation.integer' }).int({ error: 'validation.integer' }).min(1).max(366).default(30),
});

/** One day's paid orders of one currency: every kind (payments, pay-link payments, recharges). */
export const volumePoint = z.object({
  day: z.string(),
  chainId: z.number(),
  symbol: z.string(),
  count: z.number(),
  /** A decimal, as text: exact to the currency's last digit. */
  amount: z.string(),
});
export type VolumePoint = z.output<typeof volumePoint>;

export const dashboardData = z.object({
  /** First and last day covered, YYYY-MM-DD (UTC), both included. */
  from: z.string(),
  to: z.string(),
  volume: z.array(volumePoint),
});
export type DashboardData = z.output<typeof dashboardData>;
