import { sql, type Kysely } from 'kysely';

/**
 * The legal tenders every platform has, demo data or not (README "Starting with nothing seeded"): a
 * currency names one (its `legal_tender`), and no call writes them, so a database seeded with nothing
 * could otherwise hold no currency at all. Reference data, as ISO 4217 names it; a database the demo
 * seed filled before this migration has them already (`on conflict do nothing`).
 */
export const LEGAL_TENDERS: readonly { code: string; name: string }[] = [
  { code: 'USD', name: 'US Dollar' },
  { code: 'EUR', name: 'Euro' },
  { code: 'CNY', name: 'Chinese Yuan' },
  { code: 'GBP', name: 'Pound Sterling' },
  { code: 'JPY', name: 'Japanese Yen' },
  { code: 'HKD', name: 'Hong Kong Dollar' },
  { code: 'SGD', name: 'Singapore Dollar' },
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const { code, name } of LEGAL_TENDERS)
    await sql`insert into legal_tender (code, name) values (${code}, ${name}) on conflict (code) do nothing`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  // Only those no currency names: a currency's legal tender stays.
  await sql`delete from legal_tender where not exists (select 1 from currency where currency.legal_tender = legal_tender.code)`.execute(db);
}
