import { sql } from 'kysely';
import type { DashboardData } from '../../../src/contract/schemas/dashboard';
import { dashboardVerbs } from '../../../src/contract/verbs/dashboard';
import { serveVerbs } from '../../http/verbs';
import { orgVisibleTo } from '../../http/tenancy';

const DAY = 86_400_000;
const utcDay = (date: Date) => date.toISOString().slice(0, 10);

/** /home's figures that need the database to add up (docs/roles-and-routes.md): paid volume per day and currency, in scope. */
export const registerDashboardRoutes = serveVerbs(dashboardVerbs, (_app, context) => ({
  volume: async ({ caller, query }): Promise<DashboardData> => {
    const today = new Date(`${utcDay(context.now())}T00:00:00Z`);
    const from = new Date(today.getTime() - (query.days - 1) * DAY);
    // From the paid volume per day the orders' triggers keep (migration 017): 30 days are a few hundred rows.
    const rows = await context.reader
      .selectFrom('paidVolume')
      .innerJoin('currency', 'currency.id', 'paidVolume.currencyId')
      .where(orgVisibleTo(caller, 'paid_volume.org_id'))
      .where('paidVolume.day', '>=', sql<string>`${utcDay(from)}::date`)
      .select([
        sql<string>`to_char(paid_volume.day, 'YYYY-MM-DD')`.as('day'),
        'paidVolume.chainId',
        'currency.symbol',
        sql<number>`sum(paid_volume.orders)::int`.as('count'),
        sql<string>`trim_scale(sum(paid_volume.amount))::text`.as('amount'),
      ])
      .groupBy([sql`1`, 'paidVolume.chainId', 'currency.symbol'])
      .having(sql`sum(paid_volume.orders)`, '>', 0)
      .orderBy(sql`1`)
      .orderBy('currency.symbol')
      .execute();
    return { from: utcDay(from), to: utcDay(today), volume: rows };
  },
}));
