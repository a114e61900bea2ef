import { getAddress, parseUnits, type Address, type Hex } from 'viem';
import type { TestServer } from './harness';
import { pollChain } from '../../server/modules/deposit/watcher';

/**
 * Money arriving from outside on a devnet chain, as a customer's wallet sends it (docs/chains.md
 * "Deposits"): the payer is given the coin (and gas) from the faucet, then sends it itself.
 * Answers the transaction's hash and block.
 */
export async function payOnChain(
  server: TestServer,
  chainId: number,
  to: string,
  symbol: string,
  amount: string,
  payer: Address,
): Promise<{ txHash: Hex; blockNumber: bigint }> {
  const { db, chains } = server.app.context;
  const currency = await db
    .selectFrom('currency')
    .select(['contractAddress', 'decimals'])
    .where('chainId', '=', chainId)
    .where('symbol', '=', symbol)
    .executeTakeFirstOrThrow();
  const devnet = await chains.devnetOf(chainId);
  const token = currency.contractAddress === null ? null : getAddress(currency.contractAddress);
  const sent = await devnet.payAs(payer, token, getAddress(to), parseUnits(amount, currency.decimals));
  return { txHash: sent.hash, blockNumber: sent.receipt.blockNumber };
}

/**
 * Polls the deposit watcher until it has read the chain up to `blockNumber`, a block mined between
 * polls so that it gets its confirmations, or fails saying where it stopped.
 */
export async function readChainUpTo(server: TestServer, chainId: number, blockNumber: bigint): Promise<void> {
  const { db, chains } = server.app.context;
  const { confirmations } = await db.selectFrom('chain').select('confirmations').where('chainId', '=', chainId).executeTakeFirstOrThrow();
  const devnet = await chains.devnetOf(chainId);
  for (let polls = 0; polls <= confirmations + 2; polls += 1) {
    const { nextBlock } = await pollChain(db, chains, chainId, new Date());
    if (nextBlock !== null && nextBlock > blockNumber) return;
    // Time passing on the chain, also when no transfer into our wallets waits (then the watcher mines none).
    await devnet.mineEmpty();
  }
  const cursor = await db.selectFrom('chainWatch').select('nextBlock').where('chainId', '=', chainId).executeTakeFirst();
  throw new Error(`the watcher of chain ${chainId} stopped before block ${blockNumber} (next: ${cursor?.nextBlock})`);
}
