import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema';
import { formatUnits } from 'viem';
import { conflict } from '../../http/apiError';

type Trx = Transaction<Database>;

/**
 * The network fee of one transaction on the simulated chain (docs/DECISIONS.md "Ledger"):
 * a fixed quote per chain family — a plain transfer of the native coin, or a contract call
 * (a token transfer, a multisig execution, a governance change). Paid in the native coin.
 */
export const GAS_QUOTES: Record<string, { native: string; contract: string }> = {
  evm: { native: '0.00021', contract: '0.00065' },
  tron: { native: '0.3', contract: '15' },
};

export interface GasQuote {
  /** The chain's native currency (the one without a contract address). */
  currencyId: number;
  symbol: string;
  amount: string;
}

/** What executing a transaction of `currencyId` (null: a contract call that moves no coin) costs in gas. */
export async function gasQuote(trx: Kysely<Database>, chainId: number, currencyId: number | null): Promise<GasQuote> {
  const chain = await trx.selectFrom('chain').select(['name', 'family']).where('chainId', '=', chainId).executeTakeFirstOrThrow();
  const native = await trx
    .selectFrom('currency')
    .select(['id', 'symbol'])
    .where('chainId', '=', chainId)
    .where('contractAddress', 'is', null)
    .orderBy('id')
    .executeTakeFirst();
  if (!native) throw conflict('api.noNativeCurrency', { chain: chain.name });
  const quote = GAS_QUOTES[chain.family] ?? GAS_QUOTES.evm;
  return { currencyId: native.id, symbol: native.symbol, amount: currencyId === native.id ? quote.native : quote.contract };
}

/**
 * The platform's fee wallet on a chain: the operator's first Hot wallet there. Withdrawal fees
 * are credited to it, so the books balance; a chain without one cannot charge a fee (409).
 */
export async function feeWalletOf(trx: Kysely<Database>, chainId: number): Promise<number> {
  const wallet = await trx
    .selectFrom('chainWallet')
    .innerJoin('org', 'org.id', 'chainWallet.orgId')
    .select('chainWallet.id')
    .where('chainWallet.chainId', '=', chainId)
    .where('org.tenantType', '=', 0)
    .where('chainWallet.kind', '=', 'Hot')
    .orderBy('chainWallet.id')
    .executeTakeFirst();
  if (wallet) return wallet.id;
  const chain = await trx.selectFrom('chain').select('name').where('chainId', '=', chainId).executeTakeFirstOrThrow();
  throw conflict('api.noFeeWallet', { chain: chain.name });
}

/**
 * What a transaction mined on a real chain cost (docs/chains.md "Gas of Safe executions", "Wallet
 * keys"): the receipts' fee, in the chain's native coin as a decimal (the currency's decimals). A Safe
 * execution's was paid by the platform's relayer (the gas report only); a wallet's own transfer's by
 * the wallet (its books too).
 */
export async function gasPaidOnChain(trx: Trx, chainId: number, feeInSmallestUnits: bigint): Promise<GasQuote> {
  const native = await trx
    .selectFrom('currency')
    .select(['id', 'symbol', 'decimals'])
    .where('chainId', '=', chainId)
    .where('contractAddress', 'is', null)
    .orderBy('id')
    .executeTakeFirst();
  if (!native) throw conflict('api.noNativeCurrency', { chain: String(chainId) });
  return { currencyId: native.id, symbol: native.symbol, amount: formatUnits(feeInSmallestUnits, native.decimals) };
}
