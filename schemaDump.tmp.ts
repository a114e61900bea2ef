import { sql } from 'kysely';
import { openDatabase } from './server/db/database';
const dir = process.argv[2];
const handle = await openDatabase({ dataDir: dir } as never);
const db = (handle as unknown as { db: import('kysely').Kysely<unknown> }).db;
const q = async (text: string) => (await sql.raw(text).execute(db)).rows.map((r) => JSON.stringify(r)).join('\n');
const out = [
  await q(`select table_name, column_name, data_type, is_nullable, column_default, ordinal_position from information_schema.columns where table_schema='public' order by 1,6`),
  await q(`select conrelid::regclass::text as t, conname, pg_get_constraintdef(oid) as d from pg_constraint where connamespace='public'::regnamespace order by 1,2`),
  await q(`select tablename, indexname, indexdef from pg_indexes where schemaname='public' order by 1,2`),
  await q(`select proname, pg_get_functiondef(p.oid) as d from pg_proc p where pronamespace='public'::regnamespace order by 1`),
  await q(`select tgrelid::regclass::text as t, tgname, pg_get_triggerdef(oid) as d from pg_trigger where not tgisinternal order by 1,2`),
  await q(`select name from kysely_migration order by 1`),
].join('\n====\n');
console.log(out);
await handle.close();
