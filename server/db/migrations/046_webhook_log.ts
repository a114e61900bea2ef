import { sql, type Kysely } from 'kysely';

/**
 * What a webhook endpoint's managers see of its health (docs/webhooks.md "A failing endpoint"):
 *
 * - `failing_since`: the time of the first failed attempt since the last 2xx, kept by the delivery
 *   loop (null while the last recorded attempt delivered); /home names an endpoint failing now.
 * - `disabled_at`, `disabled_reason`: the loop turned the endpoint off itself, after 5 days of
 *   failing (docs/DECISIONS.md "Webhooks: sending again, test events, turning off a failing
 *   endpoint"); null when a manager turned it off, and cleared when a manager turns it back on.
 *
 * The endpoint stays audited as `webhook` (migration 044's trigger): the loop's turning it off is
 * recorded as the system's change.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table webhook_endpoint add column failing_since timestamptz, add column disabled_at timestamptz, add column disabled_reason text`.execute(
    db,
  );
  // The loop's look for endpoints to turn off, and /home's for failing ones: the few that fail.
  await sql`create index webhook_endpoint_failing on webhook_endpoint (failing_since) where failing_since is not null`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index webhook_endpoint_failing`.execute(db);
  await sql`alter table webhook_endpoint drop column failing_since, drop column disabled_at, drop column disabled_reason`.execute(db);
}
