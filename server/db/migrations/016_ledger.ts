import { sql, type Kysely } from 'kysely';
import { appendOnly } from './frozen';

/**
 * One ledger explains every balance (docs/DECISIONS.md "Ledger"):
 * - a ledger entry names its cause: the direct movement, the proposal (column of 002) or the
 *   paid order; a paid order has one credit at most (unique index);
 * - `wallet_balance` is written by the database itself, from each ledger entry inserted (a
 *   BEFORE INSERT trigger adds the delta and fills `balance_after`); any other write to it is
 *   refused, and a balance below zero breaks its check (002) — so no code path can change a
 *   balance without its entry, or overdraw a wallet, whatever it forgets;
 * - ledger entries are never updated or deleted;
 * - a gas row names the movement or proposal whose execution spent it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table ledger_entry add column movement_id integer references movement (id), add column order_id integer references payment_order (id)`.execute(
    db,
  );
  await sql`alter table ledger_entry alter column balance_after drop not null`.execute(db);
  await sql`create unique index ledger_entry_order_credit on ledger_entry (order_id) where reason = 'payment'`.execute(db);
  await sql`create index ledger_entry_movement_idx on ledger_entry (movement_id) where movement_id is not null`.execute(db);
  await sql`create index ledger_entry_proposal_idx on ledger_entry (proposal_id) where proposal_id is not null`.execute(db);
  await sql`create index ledger_entry_balance_idx on ledger_entry (wallet_id, currency_id, id)`.execute(db);
  await sql`alter table gas_fee drop constraint gas_fee_reason_check`.execute(db);
  await sql`alter table gas_fee add constraint gas_fee_reason_check check (reason in ('sweep', 'withdraw', 'transfer', 'proposal'))`.execute(
    db,
  );
  await sql`alter table gas_fee add column movement_id integer references movement (id), add column proposal_id integer references proposal (id)`.execute(
    db,
  );

  await sql`
    create function ledger_entry_apply() returns trigger language plpgsql as $$
    begin
      -- A zero row first (a concurrent first entry waits for it, then finds it), then the delta:
      -- an upsert would check the negative delta alone against amount >= 0 and refuse a debit.
      insert into wallet_balance (wallet_id, currency_id, amount, updated_at)
        values (new.wallet_id, new.currency_id, 0, new.created_at)
        on conflict (wallet_id, currency_id) do nothing;
      update wallet_balance set amount = amount + new.delta, updated_at = new.created_at
        where wallet_id = new.wallet_id and currency_id = new.currency_id
        returning amount into new.balance_after;
      return new;
    end $$`.execute(db);
  await sql`create trigger ledger_entry_apply before insert on ledger_entry for each row execute function ledger_entry_apply()`.execute(db);
  await sql`alter table ledger_entry alter column balance_after set not null`.execute(db);

  await appendOnly(
    db,
    { table: 'ledger_entry', fn: 'ledger_entry_append_only', trigger: 'ledger_entry_append_only' },
    'ledger entries are never changed or removed',
    'P0001',
  );

  // Depth 1 is a statement of the application's own; the ledger's trigger writes at depth 2.
  await sql`
    create function wallet_balance_by_ledger_only() returns trigger language plpgsql as $$
    begin
      if pg_trigger_depth() < 2 and not (tg_op = 'DELETE' and old.amount = 0) then
        raise exception 'wallet balances change through ledger entries only' using errcode = 'P0001';
      end if;
      if tg_op = 'DELETE' then return old; end if;
      return new;
    end $$`.execute(db);
  await sql`create trigger wallet_balance_by_ledger_only before insert or update or delete on wallet_balance for each row execute function wallet_balance_by_ledger_only()`.execute(
    db,
  );
}
