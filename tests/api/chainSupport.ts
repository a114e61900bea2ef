import { encodeFunctionData, erc20Abi, getAddress, parseUnits, type Address, type Hex, type LocalAccount } from 'viem';
import { startTestServer, type TestServer } from './harness';
import { ETH_CHAIN, tokenOf } from './signSupport';
import { devnetAccount } from '../../server/chain/evm/devnet';
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
  const { chains } = server.app.context;
  const currency = await tokenOf(server, chainId, symbol);
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

/**
 * A fresh server whose ETH devnet the deposit tests pay on: its USDT, the chain's confirmations,
 * and `customer` given coin for gas and USDT to pay with. The demo's late payments, sent when the
 * devnet was made (server/chain/materialize.ts), are read first: the tests start from a watcher
 * that is up to date.
 */
export async function startDepositServer(customer: Address) {
  const server = await startTestServer();
  const db = server.app.context.db;
  const devnet = await server.app.context.chains.devnetOf(ETH_CHAIN);
  const row = await db
    .selectFrom('currency')
    .select(['id', 'contractAddress', 'decimals'])
    .where('chainId', '=', ETH_CHAIN)
    .where('symbol', '=', 'USDT')
    .executeTakeFirstOrThrow();
  const usdt = { id: row.id, contractAddress: getAddress(row.contractAddress!), decimals: row.decimals };
  const { confirmations } = await db.selectFrom('chain').select('confirmations').where('chainId', '=', ETH_CHAIN).executeTakeFirstOrThrow();
  await devnet.fund(customer, parseUnits('10', 18));
  await devnet.mint(usdt.contractAddress, customer, parseUnits('100000', usdt.decimals));
  await readChainUpTo(server, ETH_CHAIN, await devnet.client.getBlockNumber());
  return { server, devnet, usdt, confirmations };
}

let seq = 0;

/** A deposit wallet of Aurora Pay (proA) on the ETH devnet of its own, so no demo order shares it; `tag` names it. */
export async function newDepositWallet(server: TestServer, tag: string) {
  const name = `${tag} ${++seq}`;
  return server.db
    .insertInto('chainWallet')
    .values({
      chainId: ETH_CHAIN,
      orgId: server.orgIds.proA,
      kind: 'Hot',
      address: devnetAccount(name).address,
      label: name,
      threshold: null,
    })
    .returning(['id', 'address'])
    .executeTakeFirstOrThrow();
}

/** An order of Aurora Pay in the currency `currencyId` on the ETH devnet, paid into `depositAddress`; `prefix` starts its number. */
export async function newDepositOrder(
  server: TestServer,
  order: { prefix: string; currencyId: number; depositAddress: string; amount: string; status?: string; createdAt?: Date },
) {
  return server.db
    .insertInto('paymentOrder')
    .values({
      orderNo: `${order.prefix}${Date.now()}${++seq}`,
      orgId: server.orgIds.proA,
      kind: 'payment',
      chainId: ETH_CHAIN,
      currencyId: order.currencyId,
      amount: order.amount,
      fee: '0',
      status: order.status ?? 'pending',
      depositAddress: order.depositAddress,
      createdAt: order.createdAt ?? new Date(Date.now() - 60_000),
    })
    .returning(['id'])
    .executeTakeFirstOrThrow();
}

/**
 * A token transfer signed by the payer's own key, not yet sent: what a customer's wallet hands to
 * a node (the tests send it themselves, through the devnet's RPC or again on another branch).
 */
export function signedTokenTransfer(
  payer: LocalAccount,
  {
    chainId,
    nonce,
    token,
    to,
    amount,
  }: { chainId: number; nonce: number; token: { contractAddress: string | null; decimals: number }; to: string; amount: string },
): Promise<Hex> {
  return payer.signTransaction({
    chainId,
    type: 'eip1559',
    nonce,
    gas: 100_000n,
    maxFeePerGas: 50_000_000_000n,
    maxPriorityFeePerGas: 1_000_000_000n,
    to: getAddress(token.contractAddress!),
    data: encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [getAddress(to), parseUnits(amount, token.decimals)] }),
  });
}
