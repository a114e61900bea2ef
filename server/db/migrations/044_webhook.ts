import { sql, type Kysely } from 'kysely';
import { auditValuesDropping } from './frozen';

/**
 * Webhooks (docs/webhooks.md, docs/DECISIONS.md "Webhooks: a transactional outbox and our own loop"):
 *
 * - `webhook_endpoint`: a merchant org's URL, the events it wants, enabled or not, and its signing
 *   secret (`whsec_…`, kept usable since it signs; the one before a rotation signs beside it until
 *   `previous_secret_until`). Audited as `webhook`; neither secret ever enters an audit event
 *   (`audit_values` drops `secret` and `previous_secret` as it drops `secret_hash`).
 * - `webhook_event`: the outbox, one row per event, written in the transaction of the change it
 *   reports, with its payload as sent (`{type, timestamp, data}`).
 * - `webhook_delivery`: one per event and endpoint subscribed to its type when the event was
 *   written; `msg_id` is the `webhook-id` of every attempt; `next_attempt_at` is also the lease of
 *   an attempt under way (pushed out before the request goes), so a delivery whose sender died is
 *   tried again once the lease passes.
 * - `payment_order.checkout_origin`: where the order was created (`https://host`), so an event
 *   written by the deposit watcher (no request) carries the same checkout URL as the merchant API.
 *
 * Written by the system (the outbox and the delivery loop), the event and delivery rows are not
 * audited: they are the log the console shows.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table webhook_endpoint (
      id serial primary key,
      org_id integer not null references org(id),
      url text not null check (length(url) between 1 and 2000),
      events text[] not null check (cardinality(events) > 0),
      enabled boolean not null default true,
      description text not null default '' check (length(description) <= 200),
      secret text not null,
      previous_secret text,
      previous_secret_until timestamptz,
      created_by integer not null references app_user(id),
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    )`.execute(db);
  await sql`create index webhook_endpoint_org on webhook_endpoint (org_id, id)`.execute(db);
  await sql`
    create table webhook_event (
      id bigserial primary key,
      org_id integer not null references org(id),
      type text not null,
      payload jsonb not null,
      created_at timestamptz not null default now()
    )`.execute(db);
  await sql`
    create table webhook_delivery (
      id bigserial primary key,
      event_id bigint not null references webhook_event(id),
      endpoint_id integer not null references webhook_endpoint(id) on delete cascade,
      msg_id text not null,
      status text not null default 'pending' check (status in ('pending', 'delivered', 'failed')),
      attempts integer not null default 0,
      next_attempt_at timestamptz not null,
      last_attempt_at timestamptz,
      last_status integer,
      last_error text,
      delivered_at timestamptz,
      unique (event_id, endpoint_id)
    )`.execute(db);
  // The loop's claim: the due pending deliveries, oldest first.
  await sql`create index webhook_delivery_due on webhook_delivery (next_attempt_at, id) where status = 'pending'`.execute(db);
  await sql`create index webhook_delivery_endpoint on webhook_delivery (endpoint_id, id)`.execute(db);
  await sql`alter table payment_order add column checkout_origin text`.execute(db);
  await auditValuesDropping(db, ['password_hash', 'token_hash', 'secret_hash', 'secret', 'previous_secret']);
  await sql`create trigger webhook_endpoint_audit after insert or update or delete on webhook_endpoint for each row execute function audit_row_change('webhook', 'id')`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table webhook_delivery`.execute(db);
  await sql`drop table webhook_event`.execute(db);
  await sql`drop table webhook_endpoint`.execute(db);
  await sql`alter table payment_order drop column checkout_origin`.execute(db);
  await auditValuesDropping(db, ['password_hash', 'token_hash', 'secret_hash']);
}
