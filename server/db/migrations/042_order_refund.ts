import { sql, type Kysely } from 'kysely';

/**
 * The refund of an overpaid order's excess (docs/payments.md "Refunding an overpaid order's excess"):
 * one row per order, ever (`order_id` unique), written in the same transaction as the movement that
 * pays it back (a `transfer` out of the order's own address through the intent log). The refund is
 * executed when its movement is. A refund whose movement failed (nothing left the address) is the
 * one row a second refund may take over: it points it at its own movement. Audited as `orderRefund`.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table order_refund (
      id serial primary key,
      order_id integer not null unique references payment_order (id),
      org_id integer not null references org (id),
      movement_id integer not null unique references movement (id),
      amount numeric not null check (amount > 0),
      to_address text not null,
      created_by integer not null references app_user (id),
      created_at timestamptz not null default now()
    )`.execute(db);
  await sql`create trigger order_refund_audit after insert or update or delete on order_refund for each row execute function audit_row_change('orderRefund', 'id')`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table order_refund`.execute(db);
}
