import { sql, type Kysely } from 'kysely';

/**
 * State every API instance shares (docs/DECISIONS.md "Database faults and many instances"):
 * rate-limit counters, so N instances do not allow N times the guesses, and uploaded images, so
 * an image uploaded through one instance is served by all of them.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  // `key` is a hash of the limiter and its key (an address, an account): fixed length, and no
  // account name or address stored in the clear.
  await sql`
    create table rate_limit_counter (
      key text primary key,
      hits integer not null,
      window_ends timestamptz not null
    )`.execute(db);
  await sql`create index rate_limit_counter_window_ends on rate_limit_counter (window_ends)`.execute(db);
  await sql`
    create table upload (
      name text primary key,
      media_type text not null,
      bytes bytea not null,
      created_at timestamptz not null default now()
    )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table upload`.execute(db);
  await sql`drop table rate_limit_counter`.execute(db);
}
