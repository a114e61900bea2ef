import { sql, type Kysely } from 'kysely';
import { isAddress } from 'viem';
import type { Database } from '../../db/schema';
import { ORDER_DEPOSIT_KIND } from '../../../src/contract/merchantOrder';

/**
 * How long after its expiry an order's own address is still reconciled (docs/chains.md "Deposits"):
 * the week its late payments are expected in; after it, the address's transfers are still read.
 */
export const ORDER_RECONCILE_AFTER_EXPIRY_MS = 7 * 24 * 3_600_000;

export interface ReconciledRow {
  id: number;
  address: string;
  safeSetup: unknown;
}

/**
 * The wallets whose native balance a poll reconciles (internalCredit.ts `readNativeChanges`, two
 * balance reads each): every wallet of the chain but the orders' own addresses, and those of the
 * orders whose expiry is less than a week behind — so a poll's reads follow the orders open now,
 * not every order ever made (migration 043's indexes find both).
 */
export async function reconciledWallets(db: Kysely<Database>, chainId: number, now: Date): Promise<ReconciledRow[]> {
  const since = new Date(now.getTime() - ORDER_RECONCILE_AFTER_EXPIRY_MS);
  const rows = await sql<ReconciledRow>`
    select id, address, safe_setup as "safeSetup" from chain_wallet
    where chain_id = ${chainId} and kind <> ${ORDER_DEPOSIT_KIND}
    union all
    select w.id, w.address, w.safe_setup as "safeSetup"
    from payment_order o
    join chain_wallet w on w.chain_id = o.chain_id and w.address = o.deposit_address and w.kind = ${ORDER_DEPOSIT_KIND}
    where o.chain_id = ${chainId} and o.checkout_code is not null and o.expires_at > ${since}`.execute(db);
  return rows.rows.filter((w) => isAddress(w.address));
}
