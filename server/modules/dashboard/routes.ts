import { sql } from 'kysely';
import type { FastifyInstance } from 'fastify';
import { ApiPath } from '../../../src/contract/apiPaths';
import { dashboardQuery, type DashboardData, type VolumePoint } from '../../../src/contract/schemas/dashboard';
import { masks } from '../../../src/access';
import type { ServerContext } from '../../http/serverContext';
import { defineRoute } from '../../http/route';
import { orgVisibleTo } from '../../http/tenancy';

const DAY = 86_400_000;
const utcDay = (date: Date) => date.toISOString().slice(0, 10);

/** /home's figures that need the database to add up (SPEC B6): paid volume per day and currency, in scope. */
export function registerDashboardRoutes(app: FastifyInstance, context: ServerContext): void {
  defineRoute(app, context, {
    method: 'GET',
    path: ApiPath.dashboard,
    access: masks.all,
    query: dashboardQuery,
    handler: async ({ caller, query }): Promise<DashboardData> => {
      const today = new Date(`${utcDay(context.now())}T00:00:00Z`);
      const from = new Date(today.getTime() - (query.days - 1) * DAY);
      const rows = await context.db
        .selectFrom('paymentOrder')
        .innerJoin('currency', 'currency.id', 'paymentOrder.currencyId')
        .where(orgVisibleTo(caller, 'payment_order.org_id'))
        .where('paymentOrder.status', '=', 'paid')
        .where('paymentOrder.paidAt', '>=', from)
        .select([
          sql<string>`to_char(payment_order.paid_at at time zone 'UTC', 'YYYY-MM-DD')`.as('day'),
          'paymentOrder.chainId',
          'currency.symbol',
          sql<number>`count(*)::int`.as('count'),
          sql<string>`trim_scale(sum(payment_order.amount))::text`.as('amount'),
        ])
        .groupBy([sql`1`, 'paymentOrder.chainId', 'currency.symbol'])
        .orderBy(sql`1`)
        .orderBy('currency.symbol')
        .execute();
      return { from: utcDay(from), to: utcDay(today), volume: rows as unknown as VolumePoint[] };
    },
  });
}
