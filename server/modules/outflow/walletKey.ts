import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { ChainRegistry } from '../../chain/registry';
import type { WalletChain } from '../../chain/adapter';

/**
 * Whether the platform can sign for one of its wallets on a chain (docs/chains.md "Wallet keys"): a key
 * it was given, or, for an order's own address, the key derived from the deposit seed — admitted here
 * the first time a transfer out of it is planned or resumed (a restart forgets it; the resume admits it
 * again). An order address is one with a checkout code on that chain (migration 040's index).
 */
export async function holdsWalletKey(
  db: Kysely<Database>,
  chains: ChainRegistry,
  wallets: WalletChain,
  chainId: number,
  address: string,
): Promise<boolean> {
  if (wallets.holdsKey(address)) return true;
  const order = await db
    .selectFrom('paymentOrder')
    .select(['id', 'orgId'])
    .where('chainId', '=', chainId)
    .where('depositAddress', '=', address)
    .where('checkoutCode', 'is not', null)
    .executeTakeFirst();
  return order !== undefined && chains.admitOrderAddress(order.orgId, order.id, address) && wallets.holdsKey(address);
}
