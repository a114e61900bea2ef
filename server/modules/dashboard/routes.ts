import { sql } from 'kysely';
import type { FastifyInstance } from 'fastify';
import { ApiPath } from '../../../src/contract/apiPaths';
import { dashboardData, dashboardQuery, type DashboardData } from '../../../src/contract/schemas/dashboard';
import type { ServerContext } from '../../http/serverContext';
import { defineRoute } from '../../http/route';
import { orgVisibleTo } from '../../http/tenancy';

const DAY = 86_400_000;
const utcDay = (date: Date) => date.toISOString().slice(0, 10);

/** /home's figures that need the database to add up (docs/roles-and-routes.md): paid volume per day and currency, in scope. */
export function registerDashboardRoutes(app: FastifyInstance, context: ServerContext): void {
  defineRoute(app, context, {
    method: 'GET',
    path: ApiPath.dashboard,
    summary: 'Paid volume per UTC day and currency over the last `days` days, in the caller’s scope',
    access: 'member',
    query: dashboardQuery,
    response: dashboardData,
    handler: async ({ caller, query }): Promise<DashboardData> => {
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
  });
}
