import { sql, type Kysely } from 'kysely';

/**
 * Whose native balance the deposit watcher reconciles each poll (server/modules/deposit/reconciledWallets.ts): the chain's
 * wallets but the orders' own addresses, and the order addresses whose order expired less than a week
 * ago. Both found by an index, so a poll's work follows the open orders, not every order ever made.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create index chain_wallet_watched_idx on chain_wallet (chain_id) where kind <> 'OrderDeposit'`.execute(db);
  await sql`create index payment_order_open_own_idx on payment_order (chain_id, expires_at) where checkout_code is not null`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index payment_order_open_own_idx`.execute(db);
  await sql`drop index chain_wallet_watched_idx`.execute(db);
}
