import { sql, type Kysely } from 'kysely';

/**
 * Orders created by merchants through the merchant API (docs/payments.md):
 *
 * - `payment_order` learns when it expires, the merchant's own reference, the key that created it
 *   and the code of its checkout page (unguessable: the page is public, docs/payments.md "Checkout").
 *   Orders of the seed and of the console have none of them.
 * - `deposit_key`: per org and chain family, the extended public key every order address of that
 *   org is derived from (BIP-32, server/chain/depositKeys.ts). Made once, from the platform's
 *   deposit seed, by whichever instance needs it first; never changed.
 * - `order_request`: an `Idempotency-Key` of the merchant API, per org, with the fingerprint of the
 *   body it came with and the order it made: the same key again answers that order.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table payment_order
    add column expires_at timestamptz,
    add column merchant_reference text check (merchant_reference is null or length(merchant_reference) between 1 and 100),
    add column api_key_id integer,
    add column checkout_code text unique`.execute(db);
  // The deposit watcher asks, for each transfer it books, whether its address is an order's own.
  await sql`create index payment_order_own_address_idx on payment_order (chain_id, deposit_address) where checkout_code is not null`.execute(
    db,
  );
  await sql`create index payment_order_reference_idx on payment_order (org_id, merchant_reference) where merchant_reference is not null`.execute(
    db,
  );

  await sql`create table deposit_key (
    org_id integer not null references org (id),
    family text not null,
    xpub text not null,
    created_at timestamptz not null default now(),
    primary key (org_id, family)
  )`.execute(db);

  await sql`create table order_request (
    org_id integer not null references org (id),
    idempotency_key text not null check (length(idempotency_key) between 1 and 255),
    fingerprint text not null,
    order_id integer not null references payment_order (id),
    created_at timestamptz not null default now(),
    primary key (org_id, idempotency_key)
  )`.execute(db);
}
