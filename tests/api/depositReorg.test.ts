import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { encodeFunctionData, erc20Abi, getAddress, parseUnits, type Address, type Hex } from 'viem';
import { type TestServer } from './harness';
import { balanceOf, ETH_CHAIN, signClient, units, verifyLedger } from './signSupport';
import { newDepositOrder, newDepositWallet, signedTokenTransfer, startDepositServer } from './chainSupport';
import { devnetAccount, type Devnet } from '../../server/chain/evm/devnet';
import { rpc } from '../../server/chain/evm/edrProvider';
import { pollChain, startDepositWatcher } from '../../server/modules/deposit/watcher';
import { postEntries } from '../../server/modules/ledger/post';
import type { Reorg } from '../../server/modules/deposit/reorg';
import type { AuditEventRecord } from '../../src/contract/schemas/auditLog';
import type { ListResult } from '../../src/contract/envelope';
import { ApiPath } from '../../src/contract/apiPaths';

// The deposit watcher after a reorganisation of the chain (docs/chains.md "Reorgs"), made on the
// embedded devnet: a snapshot, a branch the watcher books, the snapshot restored, another branch
// longer than the first.
let server: TestServer;
let client: ReturnType<typeof signClient>;
let devnet: Devnet;
let usdt: { id: number; contractAddress: Address; decimals: number };
let confirmations: number;
beforeAll(async () => {
  ({ server, devnet, usdt, confirmations } = await startDepositServer(customer.address));
  client = signClient(server);
});
afterAll(() => server?.close());

const db = () => server.app.context.db;
const customer = devnetAccount('a customer of Aurora Pay, reorg');
const poll = () => pollChain(db(), server.app.context.chains, ETH_CHAIN, new Date());
const verify = () => verifyLedger(server, client);
const head = () => devnet.client.getBlockNumber();
const cursor = async () =>
  BigInt((await db().selectFrom('chainWatch').select('nextBlock').where('chainId', '=', ETH_CHAIN).executeTakeFirstOrThrow()).nextBlock);
const newWallet = () => newDepositWallet(server, 'Reorg deposits');
const newOrder = (depositAddress: string, amount: string) =>
  newDepositOrder(server, { prefix: 'REORG', currencyId: usdt.id, depositAddress, amount });

const orderOf = (id: number) =>
  db().selectFrom('paymentOrder').select(['status', 'txHash', 'paidAt', 'payerAddress']).where('id', '=', id).executeTakeFirstOrThrow();
const entriesOf = (walletId: number) =>
  db().selectFrom('ledgerEntry').select(['reason', 'delta', 'orderId', 'txHash']).where('walletId', '=', walletId).orderBy('id').execute();
const payUsdt = async (to: string, amount: string): Promise<Hex> =>
  (
    await devnet.send(customer, {
      to: usdt.contractAddress,
      data: encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [getAddress(to), parseUnits(amount, usdt.decimals)] }),
    })
  ).hash;
const snapshot = () => rpc<Hex>(devnet.provider, 'evm_snapshot', []);
const revert = async (id: Hex) => expect(await rpc<boolean>(devnet.provider, 'evm_revert', [id])).toBe(true);
/** Blocks on top of the head until it is `target`. */
async function mineTo(target: bigint) {
  while ((await head()) < target) await devnet.mineEmpty();
}
/** Polls (mining a block between polls) until the watcher has read up to `block`; answers what it booked and any reorg it undid. */
async function readUpTo(block: bigint) {
  let booked = 0;
  const reorgs: Reorg[] = [];
  for (let polls = 0; polls <= confirmations + 2; polls += 1) {
    const result = await poll();
    booked += result.booked;
    if (result.reorg) reorgs.push(result.reorg);
    if (result.nextBlock !== null && result.nextBlock > block) return { booked, reorgs };
    await devnet.mineEmpty();
  }
  throw new Error(`the watcher stopped before block ${block} (next: ${await cursor()})`);
}

describe('the deposit watcher after a reorg', () => {
  it('a reorg deeper than the confirmations reverses the vanished payment, puts its order back, and books what the new branch carries', async () => {
    const wallet = await newWallet();
    const other = await newWallet();
    const order = await newOrder(wallet.address, '41.5');
    const fork = await head();
    const id = await snapshot();
    const vanished = await payUsdt(wallet.address, '41.5');
    const deposit = await payUsdt(wallet.address, '3');
    const { booked } = await readUpTo(await head());
    expect(booked).toBe(2);
    expect((await orderOf(order.id)).status).toBe('paid');
    expect(await balanceOf(server, wallet.id, 'USDT')).toBe('44.5');
    const oldHead = await head();
    const readBefore = await cursor();

    // The chain forgets that branch: another one, longer, carries a payment to another wallet of
    // ours, mined lower than where the watcher had read to.
    await revert(id);
    const moved = await payUsdt(other.address, '41.5');
    const movedBlock = await head();
    expect(movedBlock).toBeLessThan(readBefore);
    await mineTo(oldHead + 2n);
    const after = await readUpTo(await head());
    expect(after.reorgs).toEqual([
      expect.objectContaining({ chainId: ETH_CHAIN, forkBlock: fork, reversed: 2, unreversed: [], beyondKept: false }),
    ]);

    // Reversed with entries of their own; the first ones are still there.
    expect(await entriesOf(wallet.id)).toEqual([
      { reason: 'payment', delta: '41.5', orderId: order.id, txHash: vanished },
      { reason: 'deposit', delta: '3', orderId: null, txHash: deposit },
      { reason: 'reorg', delta: '-41.5', orderId: order.id, txHash: vanished },
      { reason: 'reorg', delta: '-3', orderId: null, txHash: deposit },
    ]);
    expect(units(await balanceOf(server, wallet.id, 'USDT'))).toBe(units('0'));
    expect(await orderOf(order.id)).toEqual({ status: 'pending', txHash: null, paidAt: null, payerAddress: null });
    const transfers = await db()
      .selectFrom('chainTransfer')
      .select(['txHash', 'vanishedAt'])
      .where('txHash', 'in', [vanished, deposit])
      .execute();
    expect(transfers).toHaveLength(2);
    expect(transfers.every((t) => t.vanishedAt !== null)).toBe(true);
    // The new branch's payment, below the old position, is read.
    expect(await entriesOf(other.id)).toEqual([{ reason: 'deposit', delta: '41.5', orderId: null, txHash: moved }]);

    // In the audit trail, under the system's route.
    const audit = await server.call<ListResult<AuditEventRecord>>('GET', ApiPath.auditLog.list, {
      token: await client.token('superAdmin'),
      query: { entity: 'chainReorg', pageSize: 50 },
    });
    expect(audit.code).toBe(200);
    expect(audit.data.list).toContainEqual(
      expect.objectContaining({
        action: 'create',
        entity: 'chainReorg',
        route: 'chain reorg',
        after: expect.objectContaining({ chainId: String(ETH_CHAIN), forkBlock: String(fork), reversed: '2', unreversed: '0' }),
      }),
    );
    expect(await verify()).toMatchObject({ balanced: true, breaks: [] });

    // The order can be paid again on the new branch, once.
    const repaid = await payUsdt(wallet.address, '41.5');
    expect((await readUpTo(await head())).booked).toBe(1);
    expect(await orderOf(order.id)).toMatchObject({ status: 'paid', txHash: repaid });
    expect(await balanceOf(server, wallet.id, 'USDT')).toBe('41.5');
    expect(await verify()).toMatchObject({ balanced: true, breaks: [] });
  }, 60_000);

  it('a reorg shallower than the confirmations changes nothing booked; the payment mined again on the new branch is booked once', async () => {
    const wallet = await newWallet();
    const order = await newOrder(wallet.address, '9');
    await readUpTo(await head());
    const id = await snapshot();
    const first = await payUsdt(wallet.address, '9');
    // Short of its confirmations: nothing booked, and the watcher has not read its block.
    for (let i = 2; i < confirmations; i += 1) await devnet.mineEmpty();
    expect((await poll()).booked).toBe(0);
    const entriesBefore = await entriesOf(wallet.id);
    const cursorBefore = await cursor();
    expect(entriesBefore).toEqual([]);
    const oldHead = await head();

    await revert(id);
    // The same payment mined again on the new branch (the same transaction: the same hash).
    const second = await payUsdt(wallet.address, '9');
    expect(second).toBe(first);
    await mineTo(oldHead + 1n);
    const after = await readUpTo(await head());
    expect(after.reorgs).toEqual([]);
    expect(after.booked).toBe(1);
    expect(await cursor()).toBeGreaterThan(cursorBefore);
    expect(await entriesOf(wallet.id)).toEqual([{ reason: 'payment', delta: '9', orderId: order.id, txHash: second }]);
    expect(await db().selectFrom('chainReorg').select('id').where('lastBlock', '>=', Number(cursorBefore)).execute()).toEqual([]);
    expect(await verify()).toMatchObject({ balanced: true, breaks: [] });
  }, 60_000);

  it('a watcher started after the reorg (its polls read the database alone) still finds it; the same transaction mined again is booked again', async () => {
    const wallet = await newWallet();
    const order = await newOrder(wallet.address, '17');
    await readUpTo(await head());
    const id = await snapshot();
    // Signed once: the same bytes are sent again on the new branch (the same hash, another block).
    const nonce = await devnet.client.getTransactionCount({ address: customer.address, blockTag: 'pending' });
    const raw = await signedTokenTransfer(customer, {
      chainId: await devnet.client.getChainId(),
      nonce,
      token: usdt,
      to: wallet.address,
      amount: '17',
    });
    const hash = await devnet.sendRaw(raw);
    expect((await readUpTo(await head())).booked).toBe(1);
    expect((await orderOf(order.id)).status).toBe('paid');
    const oldHead = await head();

    await revert(id);
    // The same bytes again on the new branch, which grows past the old head; then the app's
    // watcher starts afresh (its polls read where they are from the database alone).
    await devnet.mineEmpty();
    expect(await devnet.sendRaw(raw)).toBe(hash);
    await mineTo(oldHead + 2n);
    const reorgs: Reorg[] = [];
    const errors: unknown[] = [];
    const stop = startDepositWatcher(
      db(),
      server.app.context.chains,
      () => new Date(),
      20,
      (_chainId, error) => errors.push(error),
      (reorg) => reorgs.push(reorg),
    );
    try {
      await vi.waitFor(
        async () => {
          expect(errors).toEqual([]);
          expect(reorgs).toHaveLength(1);
          expect((await orderOf(order.id)).status).toBe('paid');
        },
        { timeout: 30_000, interval: 50 },
      );
    } finally {
      await stop();
    }
    expect(await entriesOf(wallet.id)).toEqual([
      { reason: 'payment', delta: '17', orderId: order.id, txHash: hash },
      { reason: 'reorg', delta: '-17', orderId: order.id, txHash: hash },
      { reason: 'payment', delta: '17', orderId: order.id, txHash: hash },
    ]);
    expect(await orderOf(order.id)).toMatchObject({ status: 'paid', txHash: hash });
    expect(await verify()).toMatchObject({ balanced: true, breaks: [] });
  }, 60_000);

  it('a vanished credit the wallet already spent stays booked, named in the reorg’s record; the watcher goes on', async () => {
    const wallet = await newWallet();
    await readUpTo(await head());
    const id = await snapshot();
    const spent = await payUsdt(wallet.address, '5');
    expect((await readUpTo(await head())).booked).toBe(1);
    // Spent since (a debit of the books alone here: what matters is that the balance no longer covers it).
    await db()
      .transaction()
      .execute((trx) =>
        postEntries(trx, [{ walletId: wallet.id, currencyId: usdt.id, delta: '-5', reason: 'movement', txHash: null, at: new Date() }]),
      );
    const before = await entriesOf(wallet.id);
    const oldHead = await head();

    await revert(id);
    await mineTo(oldHead + 2n);
    const after = await readUpTo(await head());
    expect(after.reorgs).toEqual([expect.objectContaining({ reversed: 0, unreversed: [spent] })]);
    expect(await entriesOf(wallet.id)).toEqual(before);
    expect(
      (await db().selectFrom('chainTransfer').select('vanishedAt').where('txHash', '=', spent).executeTakeFirstOrThrow()).vanishedAt,
    ).toBeNull();
    expect(
      await db().selectFrom('chainReorg').select(['reversed', 'unreversed']).orderBy('id', 'desc').limit(1).executeTakeFirstOrThrow(),
    ).toEqual({ reversed: 0, unreversed: 1 });
  }, 60_000);

  it('instances polling at once after a reorg undo it once', async () => {
    const wallet = await newWallet();
    await readUpTo(await head());
    const id = await snapshot();
    const vanished = await payUsdt(wallet.address, '2.5');
    expect((await readUpTo(await head())).booked).toBe(1);
    const oldHead = await head();
    await revert(id);
    await mineTo(oldHead + 2n);
    const results = await Promise.all([poll(), poll(), poll()]);
    expect(results.filter((r) => r.reorg)).toHaveLength(1);
    expect(await entriesOf(wallet.id)).toEqual([
      { reason: 'deposit', delta: '2.5', orderId: null, txHash: vanished },
      { reason: 'reorg', delta: '-2.5', orderId: null, txHash: vanished },
    ]);
    await readUpTo(await head());
    expect(await verify()).toMatchObject({ balanced: true, breaks: [] });
  }, 60_000);
});
