import { sql, type Kysely } from 'kysely';
import { appendOnly, auditValues015 } from './frozen';

/** One advisory lock key for the audit chain (any constant; "audit" in ASCII). */
export const AUDIT_LOCK_KEY = 0x6175646974;

/**
 * The audit trail (docs/DECISIONS.md "Audit trail"): every change to the audited tables is
 * recorded by the database itself, in the same transaction, from the request context the
 * server sets on the connection (`audit.context`); rows are append-only, and each carries a
 * SHA-256 over its content and the previous row's hash, so an edit made around the triggers
 * breaks the chain at that row.
 */
const AUDITED: Array<{ table: string; entity: string; key: string }> = [
  { table: 'org', entity: 'org', key: 'id' },
  { table: 'app_user', entity: 'user', key: 'id' },
  { table: 'membership', entity: 'member', key: 'user_id,org_id' },
  { table: 'session', entity: 'session', key: 'id' },
  { table: 'brand_config', entity: 'brand', key: 'id' },
  { table: 'chain', entity: 'chain', key: 'id' },
  { table: 'currency', entity: 'currency', key: 'id' },
  { table: 'contract_address', entity: 'contractAddress', key: 'chain_id' },
  { table: 'chain_wallet', entity: 'wallet', key: 'id' },
  { table: 'wallet_signer', entity: 'walletSigner', key: 'wallet_id,user_id' },
  { table: 'proposal', entity: 'proposal', key: 'id' },
  { table: 'proposal_vote', entity: 'proposalVote', key: 'proposal_id,signer_id' },
  { table: 'invitation', entity: 'invitation', key: 'id' },
  { table: 'pay_link', entity: 'payLink', key: 'id' },
  { table: 'order_repair', entity: 'orderRepair', key: 'id' },
  { table: 'movement', entity: 'movement', key: 'id' },
];

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create sequence audit_event_id_seq`.execute(db);
  await sql`
    create table audit_event (
      id bigint primary key,
      created_at timestamptz not null default now(),
      actor_id integer,
      actor_account text,
      org_id integer,
      action text not null,
      entity text not null,
      entity_id text,
      before jsonb,
      after jsonb,
      client_address text,
      user_agent text,
      request_id text,
      route text,
      prev_hash text not null,
      hash text not null
    )`.execute(db);
  await sql`create index audit_event_created_idx on audit_event (created_at)`.execute(db);
  await sql`create index audit_event_org_idx on audit_event (org_id, id)`.execute(db);
  await sql`create index audit_event_actor_idx on audit_event (actor_id, id)`.execute(db);
  await sql`create index audit_event_entity_idx on audit_event (entity, entity_id)`.execute(db);

  // The digest of a row: every column as text in a fixed order, nulls marked, then the previous hash.
  await sql`
    create function audit_event_digest(e audit_event) returns text language sql stable as $$
      select encode(sha256(convert_to(concat_ws(chr(31),
        e.id::text, to_char(e.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US'),
        coalesce(e.actor_id::text, '-'), coalesce(e.actor_account, '-'), coalesce(e.org_id::text, '-'),
        e.action, e.entity, coalesce(e.entity_id, '-'), coalesce(e.before::text, '-'), coalesce(e.after::text, '-'),
        coalesce(e.client_address, '-'), coalesce(e.user_agent, '-'), coalesce(e.request_id, '-'), coalesce(e.route, '-'),
        e.prev_hash), 'UTF8')), 'hex')
    $$`.execute(db);

  // Links a new row to the chain under one lock: its id, its previous hash, its own hash.
  await sql
    .raw(
      `
    create function audit_event_chain() returns trigger language plpgsql as $$
    begin
      perform pg_advisory_xact_lock(${AUDIT_LOCK_KEY});
      new.id := nextval('audit_event_id_seq');
      select hash into new.prev_hash from audit_event order by id desc limit 1;
      new.prev_hash := coalesce(new.prev_hash, repeat('0', 64));
      new.hash := audit_event_digest(new);
      return new;
    end $$`,
    )
    .execute(db);
  await sql`create trigger audit_event_chain before insert on audit_event for each row execute function audit_event_chain()`.execute(db);

  await appendOnly(
    db,
    { table: 'audit_event', fn: 'audit_event_append_only', trigger: 'audit_event_append_only' },
    'audit events are never changed or removed',
    'P0001',
  );
  await sql`create trigger audit_event_no_truncate before truncate on audit_event for each statement execute function audit_event_append_only()`.execute(
    db,
  );

  // Numbers as text (amounts keep every digit in JSON); secrets never; an invitation's code masked (a pay link's is public).
  await sql.raw(auditValues015('create')).execute(db);

  await sql`
    create function audit_row_change() returns trigger language plpgsql as $$
    declare
      raw text := current_setting('audit.context', true);
      ctx jsonb;
      old_row jsonb;
      new_row jsonb;
      before_values jsonb;
      after_values jsonb;
      row_data jsonb;
      action text;
      entity text := tg_argv[0];
      secret_code boolean := tg_argv[0] = 'invitation';
      entity_id text;
      org integer;
    begin
      -- No request context: the system itself (migrations, an expiry, the chain watcher) is not audited.
      if raw is null or raw = '' then return null; end if;
      ctx := raw::jsonb;
      if tg_op <> 'INSERT' then old_row := to_jsonb(old); end if;
      if tg_op <> 'DELETE' then new_row := to_jsonb(new); end if;
      row_data := coalesce(new_row, old_row);
      if tg_op = 'INSERT' then
        action := 'create';
        after_values := audit_values(new_row, secret_code);
      elsif tg_op = 'DELETE' then
        action := 'delete';
        before_values := audit_values(old_row, secret_code);
      else
        action := 'update';
        select jsonb_object_agg(n.key, n.value) into after_values
          from jsonb_each(audit_values(new_row, secret_code)) n
          where n.value is distinct from audit_values(old_row, secret_code) -> n.key and n.key <> 'updated_at';
        if after_values is null then
          -- Only a secret changed: a password change is named, never shown.
          if entity = 'user' and (old_row ->> 'password_hash') is distinct from (new_row ->> 'password_hash') then
            action := 'passwordChange';
            after_values := '{"password": "changed"}'::jsonb;
          else
            return null;
          end if;
        else
          select jsonb_object_agg(k, audit_values(old_row, secret_code) -> k) into before_values from jsonb_object_keys(after_values) k;
        end if;
      end if;
      select string_agg(row_data ->> k, ':') into entity_id from unnest(string_to_array(tg_argv[1], ',')) k;
      org := coalesce((row_data ->> 'org_id')::integer, (ctx ->> 'orgId')::integer);
      if entity = 'org' then org := (row_data ->> 'id')::integer; end if;
      if entity = 'session' then
        org := (ctx ->> 'orgId')::integer;
        if tg_op = 'INSERT' then action := 'signIn';
        elsif after_values ? 'revoked_at' then action := coalesce(ctx ->> 'sessionAction', 'sessionRevoke');
        end if;
      end if;
      insert into audit_event (actor_id, actor_account, org_id, action, entity, entity_id, before, after, client_address, user_agent, request_id, route)
      values ((ctx ->> 'actorId')::integer, ctx ->> 'actorAccount', org, action, entity, entity_id, before_values, after_values,
              ctx ->> 'clientAddress', ctx ->> 'userAgent', ctx ->> 'requestId', ctx ->> 'route');
      return null;
    end $$`.execute(db);
  for (const { table, entity, key } of AUDITED) {
    await sql
      .raw(
        `create trigger ${table}_audit after insert or update or delete on ${table} for each row execute function audit_row_change('${entity}', '${key}')`,
      )
      .execute(db);
  }
}
