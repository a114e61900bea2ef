import { encodeFunctionData, parseUnits, type Hex, type LocalAccount } from 'viem';
import path from 'node:path';
import { tokenAbi } from '../../server/chain/evm/devnet';
import { readDevnetKeys } from '../../server/chain/evm/devnetKeys';
import type { RunningServer } from './serverProcess';
import { expect } from './test';
import { apiAs } from './harness';
import { ApiPath } from '../../src/contract/apiPaths';
import type { CheckoutOrder } from '../../src/contract/schemas/checkout';

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

/** One transaction signed here by `account` and sent through the server's `/devnet/1`, as a wallet sends it. Answers its hash. */
async function sendSigned(baseUrl: string, account: LocalAccount, tx: { to: Hex; value?: bigint; data?: Hex }): Promise<string> {
  const chainId = Number(await devnetCall<string>(baseUrl, 'eth_chainId'));
  const nonce = Number(await devnetCall<string>(baseUrl, 'eth_getTransactionCount', [account.address, 'pending']));
  const raw = await account.signTransaction({
    chainId,
    type: 'eip1559',
    nonce,
    gas: 200_000n,
    maxFeePerGas: 50_000_000_000n,
    maxPriorityFeePerGas: 1_000_000_000n,
    ...tx,
  });
  return devnetCall<string>(baseUrl, 'eth_sendRawTransaction', [raw]);
}

const mintCall = (to: string, value: bigint) => encodeFunctionData({ abi: tokenAbi, functionName: 'mint', args: [to as Hex, value] });

/**
 * A customer's payment on Ethereum's devnet, signed here and sent through the server as a wallet
 * would: the faucet sends the coin, or mints the token, straight to `to`. Answers its hash. The
 * faucet's key is the server's own (random per data folder): the test reads it from the folder.
 * With `payer`, the faucet first gives that account the coin for gas and the amount, and the payer's
 * own transfer pays (its sender is then an address a refund can go back to).
 */
export async function payThroughDevnet(
  server: RunningServer,
  currency: { contractAddress: string | null; decimals: number },
  to: string,
  amount: string,
  payer?: LocalAccount,
): Promise<string> {
  const { baseUrl } = server;
  const faucet = readDevnetKeys(path.join(server.dataDir, 'devnet', 'keys.json')).faucet;
  const value = parseUnits(amount, currency.decimals);
  const token = currency.contractAddress as Hex | null;
  if (!payer) return sendSigned(baseUrl, faucet, token === null ? { to: to as Hex, value } : { to: token, data: mintCall(to, value) });
  await sendSigned(baseUrl, faucet, { to: payer.address, value: parseUnits('1', 18) + (token === null ? value : 0n) });
  if (token !== null) await sendSigned(baseUrl, faucet, { to: token, data: mintCall(payer.address, value) });
  return sendSigned(
    baseUrl,
    payer,
    token === null
      ? { to: to as Hex, value }
      : { to: token, data: encodeFunctionData({ abi: tokenAbi, functionName: 'transfer', args: [to as Hex, value] }) },
  );
}

/** The watcher books a payment once Ethereum's confirmations are on top (the devnet mines them while it waits). */
export const PAID_WAIT_MS = 90_000;

/**
 * An order of merchantProManager's seeded pay link "Monthly plan" (49.9 USDT: server/db/seed/payments.ts),
 * started on its public page and paid `paid` on the devnet; answers once the order reads `state` (the
 * watcher booked it), with a read of its checkout view as it now is.
 */
export async function payLinkOrderPaid(server: RunningServer, paid: string, state: CheckoutOrder['state'], payer?: LocalAccount) {
  const { baseUrl } = server;
  const manager = await apiAs(baseUrl, 'merchantProManager');
  const links = (await manager(`${ApiPath.payLink.list}?pageSize=100`)).data as unknown as { list: Array<{ code: string; title: string }> };
  const link = links.list.find((l) => l.title === 'Monthly plan');
  expect(link, 'the seeded "Monthly plan" link of the manager’s org').toBeDefined();
  const publicCall = (route: string, body?: unknown) =>
    fetch(`${baseUrl}/api${route}`, {
      method: body ? 'POST' : 'GET',
      headers: body ? { 'content-type': 'application/json' } : {},
      body: body ? JSON.stringify(body) : undefined,
    }).then((r) => r.json() as Promise<{ code: number; data: unknown }>);
  const started = await publicCall(ApiPath.checkout.payLinkOrder.replace('{code}', link!.code), {});
  const { checkoutCode } = started.data as { checkoutCode: string };
  const view = async () => (await publicCall(ApiPath.checkout.order.replace('{code}', checkoutCode))).data as CheckoutOrder;
  const order = await view();
  await payThroughDevnet(server, order, order.depositAddress, paid, payer);
  await expect.poll(async () => (await view()).state, { timeout: PAID_WAIT_MS, intervals: [500] }).toBe(state);
  return { order, view, manager };
}
