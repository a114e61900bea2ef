import { sql, type Kysely } from 'kysely';

/**
 * `Idempotency-Key` (docs/DECISIONS.md "Idempotency and honest answers"): one row per caller and
 * key, inserted by the write's own transaction (server/db/auditedDialect.ts), so a row exists
 * exactly when the write it guards committed. `answer` is the envelope answered the first time,
 * stored once the handler returned; a row without one is a write whose answer was lost (or is
 * still being sent). Rows older than 24 hours are purged (server/http/idempotency.ts).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('idempotency_key')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('app_user.id').onDelete('cascade'))
    .addColumn('key', 'text', (c) => c.notNull().check(sql`length(key) between 1 and 255`))
    // `POST /api/sys/movement/save`: the same key on another route is refused.
    .addColumn('route', 'text', (c) => c.notNull())
    // SHA-256 of the request body (its JSON with sorted keys): the same key with another body is refused.
    .addColumn('fingerprint', 'text', (c) => c.notNull())
    // The request that carried it out: its audit events carry the same id.
    .addColumn('request_id', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('answer_status', 'integer')
    .addColumn('answer', 'text')
    .addPrimaryKeyConstraint('idempotency_key_pk', ['user_id', 'key'])
    .execute();
  await sql`create index idempotency_key_created on idempotency_key (created_at)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('idempotency_key').execute();
}
