import { sql, type CreateTableBuilder, type Kysely } from 'kysely';

/*
 * Pieces of SQL that several migrations run. FROZEN: applied migrations call them, so changing
 * one would make a fresh database differ from one migrated before the change (docs/architecture.md
 * "Migrations"). A new migration that needs another shape writes it out or adds a new piece here.
 * Not a migration itself: the loader takes only `NNN_what.ts` files (./index.ts).
 */

/** `id serial primary key`. */
export const serialId = <TB extends string, C extends string>(table: CreateTableBuilder<TB, C>) =>
  table.addColumn('id', 'serial', (c) => c.primaryKey());

/** `create table <name>` with `id serial primary key` as its first column. */
export const tableWithSerialId = (db: Kysely<unknown>, name: string) => db.schema.createTable(name).$call(serialId);

/** `id bigserial primary key`: a table with no end to its rows (a log, the ledger). */
export const bigserialId = <TB extends string, C extends string>(table: CreateTableBuilder<TB, C>) =>
  table.addColumn('id', 'bigserial', (c) => c.primaryKey());

/** `created_at timestamptz not null default now()`: when the row was written. */
export const createdAt = <TB extends string, C extends string>(table: CreateTableBuilder<TB, C>) =>
  table.addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`));

/** The row's chain, following a chain id's renumbering. */
export const onChain = <TB extends string, C extends string>(table: CreateTableBuilder<TB, C>) =>
  table.addColumn('chain_id', 'bigint', (c) => c.notNull().references('chain.chain_id').onUpdate('cascade'));

/** The org a row belongs to. */
export const ofOrg = <TB extends string, C extends string>(table: CreateTableBuilder<TB, C>) =>
  table.addColumn('org_id', 'integer', (c) => c.notNull().references('org.id'));

/** `created_at` and `updated_at`, both set to now() on insert. */
export const timestamps = <TB extends string, C extends string>(table: CreateTableBuilder<TB, C>) =>
  table
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`));

/**
 * A table whose rows are never updated or deleted, enforced by the database: a function that
 * raises `message` with `errcode`, and a trigger calling it before every update or delete.
 */
export async function appendOnly(
  db: Kysely<unknown>,
  names: { table: string; fn: string; trigger: string },
  message: string,
  errcode: '42501' | 'P0001',
): Promise<void> {
  await sql
    .raw(
      `
    create function ${names.fn}() returns trigger language plpgsql as $$
    begin
      raise exception '${message}' using errcode = '${errcode}';
    end $$`,
    )
    .execute(db);
  await sql
    .raw(`create trigger ${names.trigger} before update or delete on ${names.table} for each row execute function ${names.fn}()`)
    .execute(db);
}

/**
 * An audit event's values as stored: numbers as text (amounts keep every digit in JSON), secrets
 * never, an invitation's code masked (a pay link's is public). Migration 015 created it; 032's
 * `down` puts it back.
 */
export const auditValues015 = (create: 'create' | 'create or replace') => `
    ${create} function audit_values(row_data jsonb, mask_code boolean) returns jsonb language sql immutable as $$
      select coalesce(jsonb_object_agg(key, case
          when key = 'code' and mask_code then to_jsonb('…' || right(value #>> '{}', 4))
          when jsonb_typeof(value) = 'number' then to_jsonb(value #>> '{}')
          else value end), '{}'::jsonb)
      from jsonb_each(row_data - 'password_hash' - 'token_hash')
    $$`;

/**
 * `audit_values` as migration 032 shaped it (signatures as their hash, numbers as text, an
 * invitation's code masked), dropping these columns of every audited row: 041 adds the webhook
 * secrets to 039's list; a later table with a secret column adds its own.
 */
export async function auditValuesDropping(db: Kysely<unknown>, columns: string[]): Promise<void> {
  const dropped = sql.raw(columns.map((column) => ` - '${column}'`).join(''));
  await sql`
    create or replace function audit_values(row_data jsonb, mask_code boolean) returns jsonb language sql immutable as $$
      select coalesce(jsonb_object_agg(key, case
          when key = 'code' and mask_code then to_jsonb('…' || right(value #>> '{}', 4))
          when key = 'signature' and jsonb_typeof(value) = 'string' then to_jsonb(audit_signature_hash(value #>> '{}'))
          when key = 'lower_signatures' and jsonb_typeof(value) = 'object' then
            (select coalesce(jsonb_object_agg(l.key, case when jsonb_typeof(l.value) = 'string' then to_jsonb(audit_signature_hash(l.value #>> '{}')) else l.value end), '{}'::jsonb)
               from jsonb_each(value) l)
          when jsonb_typeof(value) = 'number' then to_jsonb(value #>> '{}')
          else value end), '{}'::jsonb)
      from jsonb_each(row_data${dropped})
    $$`.execute(db);
}
