import type { Transaction } from 'kysely';
import type { Database } from '../schema';
import type { DemoOrgKey } from './demoData';

/** What the seed steps after the wallets build on: the seed's transaction and the ids written before them, by demo name. */
export interface DemoSeed {
  trx: Transaction<Database>;
  orgIds: Record<DemoOrgKey, number>;
  userIds: Record<string, number>;
  walletIds: Record<string, number>;
}
