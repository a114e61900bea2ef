import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { startTestServer, type TestServer } from './harness';
import { seedVolume } from '../../server/db/seed/volume';
import { copyMonthSql, monthlyPartitionDdl, type PartitionedTable } from '../../server/db/scaling/monthlyPartitions';

/**
 * docs/SCALING.md's partitioning, tried at small scale on both databases: the DDL runs, a
 * month's rows land in their own partition, every row is copied once, and a report's month
 * reads one partition only.
 */
let server: TestServer;
const now = new Date();
const from = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 4, 1));

beforeAll(async () => {
  server = await startTestServer();
  await seedVolume(server.app.context.db, { orders: 3000, days: 100, now });
});
afterAll(() => server?.close());

describe('monthly partitions (docs/SCALING.md)', () => {
  for (const table of ['payment_order', 'ledger_entry'] as PartitionedTable[]) {
    it(`${table}: created, filled month by month, every row once, in the partition of its month`, async () => {
      const db = server.app.context.db;
      for (const statement of monthlyPartitionDdl(table, from, new Date(now.getTime() + 40 * 86_400_000)))
        await sql.raw(statement).execute(db);
      const { rows: months } = await sql<{
        month: Date;
      }>`select distinct date_trunc('month', created_at at time zone 'UTC') at time zone 'UTC' as month from ${sql.table(table)} order by 1`.execute(
        db,
      );
      for (const { month } of months) await sql.raw(copyMonthSql(table, new Date(month))).execute(db);

      const count = async (name: string) =>
        Number((await sql<{ n: number }>`select count(*)::int as n from ${sql.table(name)}`.execute(db)).rows[0].n);
      expect(await count(`${table}_by_month`)).toBe(await count(table));
      const { rows: placed } = await sql<{ partition: string; month: string; n: number }>`
        select tableoid::regclass::text as partition, to_char(created_at at time zone 'UTC', '"y"YYYY"m"MM') as month, count(*)::int as n
          from ${sql.table(`${table}_by_month`)} group by 1, 2`.execute(db);
      expect(placed.length).toBeGreaterThan(2);
      for (const row of placed)
        expect(row.partition === `${table}_${row.month}` || row.partition === `${table}_other`, `${row.partition} ${row.month}`).toBe(true);
      expect(placed.filter((row) => row.partition !== `${table}_other`).length).toBeGreaterThan(2);

      const month = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1));
      const end = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
      const { rows: plan } = await sql<
        Record<string, string>
      >`explain select count(*) from ${sql.table(`${table}_by_month`)} where created_at >= ${month} and created_at < ${end}`.execute(db);
      const text = plan.map((row) => Object.values(row)[0]).join('\n');
      const scanned = new Set([...text.matchAll(new RegExp(`${table}_(y\\d{4}m\\d{2}|other)`, 'g'))].map((m) => m[0]));
      expect([...scanned]).toEqual([`${table}_y${month.getUTCFullYear()}m${String(month.getUTCMonth() + 1).padStart(2, '0')}`]);
    });
  }
});
