import { encodeFunctionData, parseUnits, type Hex } from 'viem';
import path from 'node:path';
import { tokenAbi } from '../../server/chain/evm/devnet';
import { readDevnetKeys } from '../../server/chain/evm/devnetKeys';
import type { RunningServer } from './serverProcess';

/** One JSON-RPC call to the devnet of Ethereum (chain 1) through the server's `/devnet/1` (docs/chains.md "Paying into the devnet"). */
export async function devnetCall<T>(baseUrl: string, method: string, params: unknown[] = []): Promise<T> {
  const res = await fetch(`${baseUrl}/devnet/1`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  });
  const body = (await res.json()) as { result?: T; error?: { message: string } };
  if (body.error) throw new Error(`${method}: ${body.error.message}`);
  return body.result as T;
}

/**
 * A customer's payment on Ethereum's devnet, signed here and sent through the server as a wallet
 * would: the faucet sends the coin, or mints the token, straight to `to`. Answers its hash. The
 * faucet's key is the server's own (random per data folder): the test reads it from the folder.
 */
export async function payThroughDevnet(
  server: RunningServer,
  currency: { contractAddress: string | null; decimals: number },
  to: string,
  amount: string,
): Promise<string> {
  const { baseUrl } = server;
  const faucet = readDevnetKeys(path.join(server.dataDir, 'devnet', 'keys.json')).faucet;
  const value = parseUnits(amount, currency.decimals);
  const chainId = Number(await devnetCall<string>(baseUrl, 'eth_chainId'));
  const nonce = Number(await devnetCall<string>(baseUrl, 'eth_getTransactionCount', [faucet.address, 'pending']));
  const raw = await faucet.signTransaction({
    chainId,
    type: 'eip1559',
    nonce,
    gas: 200_000n,
    maxFeePerGas: 50_000_000_000n,
    maxPriorityFeePerGas: 1_000_000_000n,
    ...(currency.contractAddress === null
      ? { to: to as Hex, value }
      : { to: currency.contractAddress as Hex, data: encodeFunctionData({ abi: tokenAbi, functionName: 'mint', args: [to, value] }) }),
  });
  return devnetCall<string>(baseUrl, 'eth_sendRawTransaction', [raw]);
}
