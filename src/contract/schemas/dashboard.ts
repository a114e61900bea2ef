import { z } from 'zod';

/** GET /sys/dashboard: paid volume per UTC day over the last `days` days (/home, docs/roles-and-routes.md). */
export const dashboardQuery = z.object({
  days: z.coerce.number({ error: 'validation.integer' }).int({ error: 'validation.integer' }).min(1).max(366).default(30),
});

/** One day's paid orders of one currency: every kind (payments, pay-link payments, recharges). */
export interface VolumePoint {
  day: string;
  chainId: number;
  symbol: string;
  count: number;
  amount: string;
}

export interface DashboardData {
  /** First and last day covered, YYYY-MM-DD (UTC), both included. */
  from: string;
  to: string;
  volume: VolumePoint[];
}
