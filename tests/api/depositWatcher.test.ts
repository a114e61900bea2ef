import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodeFunctionData, erc20Abi, getAddress, parseUnits, type Address, type Hex } from 'viem';
import { type TestServer } from './harness';
import { balanceOf, ETH_CHAIN, signClient, units, verifyLedger, currencyIdOf } from './signSupport';
import { newDepositOrder, newDepositWallet, signedTokenTransfer, startDepositServer } from './chainSupport';
import { devnetAccount, type Devnet } from '../../server/chain/evm/devnet';
import { pollChain } from '../../server/modules/deposit/watcher';
import { postEntries } from '../../server/modules/ledger/post';
import type { RecheckView } from '../../src/contract/schemas/orderRepair';
import { ApiPath } from '../../src/contract/apiPaths';

// The deposit watcher on the embedded devnet (docs/chains.md "Deposits"): transfers into our wallets,
// read once they have the chain's confirmations, pay their orders or stand in the books as deposits.
let server: TestServer;
let client: ReturnType<typeof signClient>;
let devnet: Devnet;
let usdt: { id: number; contractAddress: Address; decimals: number };
let ethId: number;
let confirmations: number;
beforeAll(async () => {
  ({ server, devnet, usdt, confirmations } = await startDepositServer(customer.address));
  client = signClient(server);
  ethId = await currencyIdOf(server, ETH_CHAIN, 'ETH');
});
afterAll(() => server?.close());

const db = () => server.app.context.db;
const customer = devnetAccount('a customer of Aurora Pay');
const poll = () => pollChain(db(), server.app.context.chains, ETH_CHAIN, new Date());
const verify = () => verifyLedger(server, client);
const newWallet = () => newDepositWallet(server, 'Watched deposits');
const newOrder = (depositAddress: string, amount: string, status?: string, createdAt?: Date) =>
  newDepositOrder(server, { prefix: 'DEP', currencyId: usdt.id, depositAddress, amount, status, createdAt });

const orderOf = (id: number) =>
  db().selectFrom('paymentOrder').select(['status', 'txHash', 'payerAddress']).where('id', '=', id).executeTakeFirstOrThrow();
const payUsdt = async (to: string, amount: string): Promise<Hex> =>
  (
    await devnet.send(customer, {
      to: usdt.contractAddress,
      data: encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [getAddress(to), parseUnits(amount, usdt.decimals)] }),
    })
  ).hash;
const entriesOf = (walletId: number) =>
  db().selectFrom('ledgerEntry').select(['reason', 'delta', 'orderId', 'txHash']).where('walletId', '=', walletId).orderBy('id').execute();

/** Polls until the watcher has read every block up to the head (each poll mines one block while a deposit waits). */
async function pollUntilRead(): Promise<number> {
  let booked = 0;
  for (let polls = 0; polls <= confirmations + 1; polls += 1) {
    booked += (await poll()).booked;
    const head = await devnet.client.getBlockNumber();
    const cursor = await db().selectFrom('chainWatch').select('nextBlock').where('chainId', '=', ETH_CHAIN).executeTakeFirstOrThrow();
    if (BigInt(cursor.nextBlock) > head - BigInt(confirmations) + 1n && booked > 0) return booked;
  }
  return booked;
}

describe('deposits read from the chain', () => {
  it('a token payment of an order’s exact amount pays it once the chain’s confirmations are there, not before', async () => {
    const wallet = await newWallet();
    const order = await newOrder(wallet.address, '123.45');
    const txHash = await payUsdt(wallet.address, '123.45');
    expect(confirmations).toBeGreaterThan(1);
    // Each poll short of the confirmations books nothing, and has the devnet mine one block on top.
    for (let waited = 1; waited < confirmations; waited += 1) {
      const head = await devnet.client.getBlockNumber();
      expect((await poll()).booked).toBe(0);
      expect(await devnet.client.getBlockNumber()).toBe(head + 1n);
      expect((await orderOf(order.id)).status).toBe('pending');
    }
    expect((await poll()).booked).toBe(1);
    expect(await orderOf(order.id)).toEqual({ status: 'paid', txHash, payerAddress: customer.address });
    expect(await entriesOf(wallet.id)).toEqual([{ reason: 'payment', delta: '123.45', orderId: order.id, txHash }]);
    expect(await balanceOf(server, wallet.id, 'USDT')).toBe('123.45');
    // Read once: the next polls find nothing new.
    expect((await poll()).booked).toBe(0);
    expect(await verify()).toMatchObject({ balanced: true, breaks: [] });
  });

  it('a payment mined in the order’s own second pays it; one mined the second before does not', async () => {
    const paidAt = async (to: string) => {
      const txHash = await payUsdt(to, '31.4');
      const { blockNumber } = await devnet.client.getTransactionReceipt({ hash: txHash });
      return { txHash, second: Number((await devnet.client.getBlock({ blockNumber })).timestamp) * 1000 };
    };
    const [wallet, early] = [await newWallet(), await newWallet()];
    const paid = await paidAt(wallet.address);
    const before = await paidAt(early.address);
    // Made, before the watcher reads the blocks, at .9 s of the payment's second; and a whole second after the other's.
    const order = await newOrder(wallet.address, '31.4', 'pending', new Date(paid.second + 900));
    const later = await newOrder(early.address, '31.4', 'pending', new Date(before.second + 1000));
    expect(await pollUntilRead()).toBe(2);
    expect(await orderOf(order.id)).toEqual({ status: 'paid', txHash: paid.txHash, payerAddress: customer.address });
    // A shared address serves many orders: a payment before the order existed is a deposit, not its payment.
    expect((await orderOf(later.id)).status).toBe('pending');
    expect(await entriesOf(early.id)).toEqual([{ reason: 'deposit', delta: '31.4', orderId: null, txHash: before.txHash }]);
    expect(await verify()).toMatchObject({ balanced: true, breaks: [] });
  });

  it('money that matches no pending order is a deposit in the books; the native coin is read too', async () => {
    const wallet = await newWallet();
    const order = await newOrder(wallet.address, '50');
    // Too much for the order: the payer's intent is not certain, so the order waits for a re-check.
    const tokenHash = await payUsdt(wallet.address, '60');
    const coinHash = (await devnet.send(customer, { to: getAddress(wallet.address), value: parseUnits('0.25', 18) })).hash;
    expect(await pollUntilRead()).toBe(2);
    expect((await orderOf(order.id)).status).toBe('pending');
    expect(await entriesOf(wallet.id)).toEqual([
      { reason: 'deposit', delta: '60', orderId: null, txHash: tokenHash },
      { reason: 'deposit', delta: '0.25', orderId: null, txHash: coinHash },
    ]);
    expect(await balanceOf(server, wallet.id, 'ETH')).toBe('0.25');
    const native = await db()
      .selectFrom('chainTransfer')
      .select(['currencyId', 'logIndex', 'fromAddress'])
      .where('txHash', '=', coinHash)
      .executeTakeFirstOrThrow();
    expect(native).toEqual({ currencyId: ethId, logIndex: -1, fromAddress: customer.address });
    expect(await verify()).toMatchObject({ balanced: true, breaks: [] });
  });

  it('a re-check gives a deposit to the order it paid: the order is paid, the balance stays what the chain delivered', async () => {
    const wallet = await newWallet();
    // Expired before its payment arrived: the watcher pays pending orders only.
    const order = await newOrder(wallet.address, '75.5', 'expired');
    const txHash = await payUsdt(wallet.address, '80');
    expect(await pollUntilRead()).toBe(1);
    expect(await balanceOf(server, wallet.id, 'USDT')).toBe('80');
    const res = await server.call<RecheckView>('POST', ApiPath.orderRepair.recheck, {
      token: await client.token('merchantProFinance'),
      body: { orderId: order.id },
    });
    expect(res.code).toBe(200);
    expect(res.data.recheck).toMatchObject({ paid: true, txHash });
    expect(await entriesOf(wallet.id)).toEqual([
      { reason: 'deposit', delta: '80', orderId: null, txHash },
      { reason: 'payment', delta: '75.5', orderId: order.id, txHash },
      { reason: 'deposit', delta: '-75.5', orderId: null, txHash },
    ]);
    expect(units(await balanceOf(server, wallet.id, 'USDT'))).toBe(units('80'));
    expect(await verify()).toMatchObject({ balanced: true, breaks: [] });
  });

  it('a re-check reads the chain itself: a payment not read yet is found once it has its confirmations', async () => {
    const wallet = await newWallet();
    const order = await newOrder(wallet.address, '12', 'expired');
    const txHash = await payUsdt(wallet.address, '12');
    // Confirmations from other transactions (the devnet mines only when asked): no poll has run.
    for (let i = 1; i < confirmations; i += 1) await devnet.mineEmpty();
    const res = await server.call<RecheckView>('POST', ApiPath.orderRepair.recheck, {
      token: await client.token('merchantProFinance'),
      body: { orderId: order.id },
    });
    expect(res.data.recheck).toMatchObject({ paid: true, txHash });
    expect((await orderOf(order.id)).status).toBe('paid');
    expect(await balanceOf(server, wallet.id, 'USDT')).toBe('12');
    expect(await verify()).toMatchObject({ balanced: true, breaks: [] });
  });

  it('two instances polling at once book a transfer once', async () => {
    const wallet = await newWallet();
    const txHash = await payUsdt(wallet.address, '7');
    for (let i = 1; i < confirmations; i += 1) await devnet.mineEmpty();
    const results = await Promise.all([poll(), poll(), poll()]);
    expect(results.reduce((sum, r) => sum + r.booked, 0)).toBe(1);
    expect(await db().selectFrom('chainTransfer').select('id').where('txHash', '=', txHash).execute()).toHaveLength(1);
    expect(await balanceOf(server, wallet.id, 'USDT')).toBe('7');
  });

  it('a transfer out of one of our own wallets is not a deposit: the proposal that sent it booked both sides', async () => {
    const ours = devnetAccount('a wallet of ours with its own key');
    await db()
      .insertInto('chainWallet')
      .values({ chainId: ETH_CHAIN, orgId: server.orgIds.proA, kind: 'Hot', address: ours.address, label: 'Own key', threshold: null })
      .execute();
    await devnet.fund(ours.address, parseUnits('1', 18));
    const wallet = await newWallet();
    const before = await entriesOf(wallet.id);
    const { hash } = await devnet.send(ours, { to: getAddress(wallet.address), value: parseUnits('0.5', 18) });
    for (let i = 1; i < confirmations; i += 1) await devnet.mineEmpty();
    await poll();
    expect(await db().selectFrom('chainTransfer').select('id').where('txHash', '=', hash).execute()).toEqual([]);
    expect(await entriesOf(wallet.id)).toEqual(before);
  });

  it('a customer pays from a wallet of their own through the devnet’s JSON-RPC endpoint', async () => {
    const wallet = await newWallet();
    const order = await newOrder(wallet.address, '31.5');
    const rpc = async (method: string, params: unknown[] = []) =>
      (await server.app.inject({ method: 'POST', url: `/devnet/${ETH_CHAIN}`, payload: { jsonrpc: '2.0', id: 7, method, params } })).json<{
        id: number;
        result?: string;
        error?: { code: number; message: string };
      }>();
    const chainId = Number((await rpc('eth_chainId')).result);
    const nonce = Number((await rpc('eth_getTransactionCount', [customer.address, 'latest'])).result);
    const raw = await signedTokenTransfer(customer, { chainId: chainId, nonce, token: usdt, to: wallet.address, amount: '31.5' });
    const sent = await rpc('eth_sendRawTransaction', [raw]);
    expect(sent).toMatchObject({ id: 7, result: expect.stringMatching(/^0x[0-9a-f]{64}$/) });
    expect(await pollUntilRead()).toBe(1);
    expect(await orderOf(order.id)).toEqual({ status: 'paid', txHash: sent.result, payerAddress: customer.address });
    // The same signed bytes again: the chain refuses them (nonce used), and nothing is booked twice.
    expect((await rpc('eth_sendRawTransaction', [raw])).error?.message).toMatch(/nonce/i);
  });

  it('the devnet’s endpoint offers no method that bends the chain, and answers malformed calls with an error', async () => {
    const head = await devnet.client.getBlockNumber();
    const call = (payload: unknown) => server.app.inject({ method: 'POST', url: `/devnet/${ETH_CHAIN}`, payload: payload as object });
    for (const method of ['evm_mine', 'hardhat_setBalance', 'hardhat_mine', 'eth_sendTransaction', 'evm_increaseTime']) {
      const res = await call({ jsonrpc: '2.0', id: 1, method, params: [customer.address, '0x1000'] });
      expect(res.json()).toMatchObject({ error: { code: -32601 } });
    }
    expect(await devnet.client.getBlockNumber()).toBe(head);
    expect((await call({ jsonrpc: '2.0', id: 2, method: 'eth_sendRawTransaction', params: ['not a transaction'] })).json()).toMatchObject({
      error: { code: -32602 },
    });
    expect((await call([{ method: 'eth_chainId' }])).statusCode).toBe(400);
    expect((await call({ jsonrpc: '2.0', id: 3, method: 'eth_chainId' })).json()).toMatchObject({ result: '0x35a4e901' });
    // TRON is simulated: no devnet to talk to.
    expect(
      (await server.app.inject({ method: 'POST', url: '/devnet/728126428', payload: { jsonrpc: '2.0', id: 4, method: 'eth_chainId' } }))
        .statusCode,
    ).toBe(404);
  });

  it('a wallet page on another origin may call the devnet (CORS), and the API still answers no other origin', async () => {
    const origin = 'https://wallet.example';
    const preflight = await server.app.inject({
      method: 'OPTIONS',
      url: `/devnet/${ETH_CHAIN}`,
      headers: { origin, 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type' },
    });
    expect(preflight.statusCode).toBe(204);
    expect(preflight.headers['access-control-allow-origin']).toBe('*');
    expect(String(preflight.headers['access-control-allow-methods'])).toContain('POST');
    const call = await server.app.inject({
      method: 'POST',
      url: `/devnet/${ETH_CHAIN}`,
      headers: { origin },
      payload: { jsonrpc: '2.0', id: 1, method: 'eth_chainId' },
    });
    expect(call.headers['access-control-allow-origin']).toBe('*');
    expect(call.json()).toMatchObject({ result: '0x35a4e901' });
    // The API itself: no CORS answer, so a page elsewhere cannot read what a signed-in call returns.
    const apiPreflight = await server.app.inject({
      method: 'OPTIONS',
      url: `/api${ApiPath.auth.login}`,
      headers: { origin, 'access-control-request-method': 'POST' },
    });
    expect(apiPreflight.headers['access-control-allow-origin']).toBeUndefined();
    const api = await server.app.inject({
      method: 'POST',
      url: `/api${ApiPath.auth.login}`,
      headers: { origin },
      payload: { account: 'x', password: 'y' },
    });
    expect(api.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('the books’ check catches a deposit no transfer delivered', async () => {
    const wallet = await newWallet();
    // An insider's made-up deposit, written straight into the ledger.
    await db()
      .transaction()
      .execute((trx) =>
        postEntries(trx, [
          { walletId: wallet.id, currencyId: usdt.id, delta: '1000', reason: 'deposit', txHash: `0x${'ab'.repeat(32)}`, at: new Date() },
        ]),
      );
    const result = await verify();
    expect(result.balanced).toBe(false);
    expect(result.breaks).toContainEqual(
      expect.objectContaining({ kind: 'transferCredit', walletId: wallet.id, symbol: 'USDT', expected: '0', actual: '1000' }),
    );
  });
});
