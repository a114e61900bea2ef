import { sql, type Kysely } from 'kysely';

/**
 * The lock every write request takes first (server/db/auditedDialect.ts, docs/DECISIONS.md
 * "Database faults and many instances"). A table, never read or written, because `lock table`
 * is the one lock PostgreSQL takes without fixing a REPEATABLE READ or SERIALIZABLE
 * transaction's snapshot: a writer that waited for the writer before it then sees what that one
 * committed, instead of an older picture that makes it fail with 40001 and start again.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table audit_writer_lock ()`.execute(db);
  await sql`comment on table audit_writer_lock is 'Locked (exclusive mode) by each write request before its first statement; holds no rows.'`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table audit_writer_lock`.execute(db);
}
