import { sql, type Kysely } from 'kysely';
import { AUDIT_LOCK_KEY } from './015_audit_event';

/**
 * The audit chain sealed after commit (docs/ledger.md "Sealing the audit chain", docs/DECISIONS.md
 * "The audit chain sealed after commit"). A request's transaction inserts its events unsealed —
 * no lock, no link: `hash` is the digest of the row's own content (`prev_hash` null, `seq` null) —
 * and commits. A sequencer (`audit_seal`, one at a time across instances under a transaction-scoped
 * advisory lock) then gives every committed unsealed row, in id order, the next `seq`, links it to
 * the row sealed before it (`prev_hash`) and stores the hash over its content and that link. Chain
 * order is `seq` order; rows sealed before this migration keep their links (their `seq` is their id,
 * the order they were linked in).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table audit_event add column seq bigint`.execute(db);
  await sql`alter table audit_event alter column prev_hash drop not null`.execute(db);
  // The rows linked so far were linked in id order under the old lock.
  await sql`alter table audit_event disable trigger audit_event_append_only`.execute(db);
  await sql`update audit_event set seq = id`.execute(db);
  await sql`alter table audit_event enable trigger audit_event_append_only`.execute(db);
  // One row per position: two sealers can never fork the chain.
  await sql`create unique index audit_event_seq_idx on audit_event (seq)`.execute(db);
  await sql`create index audit_event_unsealed_idx on audit_event (id) where seq is null`.execute(db);

  // Insert: an id and the content's own digest; never a position or a link, whatever the insert says.
  await sql`
    create or replace function audit_event_chain() returns trigger language plpgsql as $$
    begin
      new.id := nextval('audit_event_id_seq');
      new.seq := null;
      new.prev_hash := null;
      new.hash := audit_event_digest(new);
      return new;
    end $$`.execute(db);

  // Update: only sealing, once — an unsealed row whose content still matches its digest gets a
  // position and a link, and its hash is recomputed over both. Anything else is refused.
  await sql`
    create function audit_event_seal_only() returns trigger language plpgsql as $$
    begin
      if old.seq is null and old.prev_hash is null and new.seq is not null and new.prev_hash is not null
         and old.hash = audit_event_digest(old)
         and (to_jsonb(old) - '{seq,prev_hash,hash}'::text[]) = (to_jsonb(new) - '{seq,prev_hash,hash}'::text[]) then
        new.hash := audit_event_digest(new);
        return new;
      end if;
      raise exception 'audit events are never changed or removed' using errcode = 'P0001';
    end $$`.execute(db);
  await sql`drop trigger audit_event_append_only on audit_event`.execute(db);
  await sql`create trigger audit_event_append_only before delete on audit_event for each row execute function audit_event_append_only()`.execute(
    db,
  );
  await sql`create trigger audit_event_seal_only before update on audit_event for each row execute function audit_event_seal_only()`.execute(
    db,
  );

  // The sequencer: every visible unsealed row (committed ones only: others are invisible and
  // taken next time), in id order, up to max_rows; a row whose content no longer matches its
  // digest (edited before sealing) is left unsealed, and the check names it. Returns how many
  // were sealed and the head; sealed = -1 when another sealer holds the lock.
  await sql
    .raw(
      `
    create function audit_seal(max_rows integer) returns table (sealed integer, head_seq bigint, head_hash text)
    language plpgsql as $$
    declare
      last_seq bigint;
      last_hash text;
      r record;
      n integer := 0;
    begin
      if not pg_try_advisory_xact_lock(${AUDIT_LOCK_KEY}) then
        return query select -1, null::bigint, null::text;
        return;
      end if;
      select e.seq, e.hash into last_seq, last_hash from audit_event e where e.seq is not null order by e.seq desc limit 1;
      last_seq := coalesce(last_seq, 0);
      last_hash := coalesce(last_hash, repeat('0', 64));
      for r in
        select e.id from audit_event e where e.seq is null and e.hash = audit_event_digest(e) order by e.id limit max_rows
      loop
        last_seq := last_seq + 1;
        update audit_event set seq = last_seq, prev_hash = last_hash where id = r.id returning hash into last_hash;
        n := n + 1;
      end loop;
      return query select n, last_seq, last_hash;
    end $$`,
    )
    .execute(db);
}
