import type { Db } from '../db/database';
import type { ExportNames } from '../../src/contract/exports';

/**
 * The names an export writes beside the ids its rows hold (docs/DECISIONS.md "Exports name what
 * they refer to"): every chain's, read once per export (a handful of rows), so the list's own
 * select and its keyset stay as the list has them.
 */
export async function exportNames(db: Db): Promise<ExportNames> {
  const chains = await db.selectFrom('chain').select(['chainId', 'name']).execute();
  return { chain: new Map(chains.map((chain) => [String(chain.chainId), chain.name])) };
}
