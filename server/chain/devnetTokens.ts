import type { Address } from 'viem';
import type { Db } from '../db/database';
import type { DevnetTokenSpec } from './evm/devnet';

/** The ERC-20 tokens a devnet carries from genesis: the chain's currencies that have a contract address. */
export async function devnetTokensOf(db: Db, chainId: number): Promise<DevnetTokenSpec[]> {
  const rows = await db
    .selectFrom('currency')
    .select(['symbol', 'name', 'decimals', 'contractAddress'])
    .where('chainId', '=', chainId)
    .where('contractAddress', 'is not', null)
    .orderBy('id')
    .execute();
  return rows.map(devnetToken);
}

/** A currency's token as a devnet builds it. A name or symbol longer than 32 bytes does not fit the token's immutables: cut, as a display name. */
export function devnetToken(row: { symbol: string; name: string; decimals: number; contractAddress: string | null }): DevnetTokenSpec {
  const fit = (text: string) => Buffer.from(text).subarray(0, 32).toString();
  return { address: row.contractAddress as Address, name: fit(row.name), symbol: fit(row.symbol), decimals: row.decimals };
}
