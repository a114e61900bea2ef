import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getAddress, parseUnits, toHex, type Address, type Hex } from 'viem';
import { type TestServer } from './harness';
import {
  balanceOf,
  chainBalanceOf,
  ETH_CHAIN,
  fund,
  units,
  startSignServer,
  type SignClient,
  verifyLedger,
  currencyIdOf,
} from './signSupport';
import { readChainUpTo } from './chainSupport';
import { rpc } from '../../server/chain/evm/edrProvider';
import { devnetAccount, type Devnet } from '../../server/chain/evm/devnet';
import { pollChain } from '../../server/modules/deposit/watcher';
import type { ListResult } from '../../src/contract/envelope';
import type { AssetFlowRecord } from '../../src/contract/schemas/assetFlow';
import type { AuditEventRecord } from '../../src/contract/schemas/auditLog';
import type { MovementRecord } from '../../src/contract/schemas/movement';
import { ApiPath } from '../../src/contract/apiPaths';

/**
 * Native coin a contract sends to our wallets arrives without a transaction of its own, so the
 * deposit watcher's reading of transactions misses it; its balance reconciliation finds it and books
 * it as an `internal transfer` (docs/ledger.md "Internal transfers"). Only what the chain shows
 * arrived is booked: an outflow the books do not know yet, or a fall, is never taken for income.
 */
let server: TestServer,
  client: SignClient,
  devnet: Devnet,
  wallets: Record<string, number>,
  addresses: Record<string, string>,
  ethId: number;
beforeAll(async () => {
  ({ server, sign: client, wallets, addresses } = await startSignServer());
  devnet = await server.app.context.chains.devnetOf(ETH_CHAIN);
  ethId = await currencyIdOf(server, ETH_CHAIN, 'ETH');
});
afterAll(() => server?.close());

const db = () => server.app.context.db;
const OUTSIDER = getAddress('0x4444444444444444444444444444444444444444');
const verify = () => verifyLedger(server, client);
const internalEntries = (walletId: number) =>
  db()
    .selectFrom('ledgerEntry')
    .select(['delta', 'internalCreditId'])
    .where('walletId', '=', walletId)
    .where('reason', '=', 'internal transfer')
    .orderBy('id')
    .execute();
let payers = 0;

/**
 * A contract that forwards whatever it is sent to `to`: CALL(gas, to, callvalue, 0, 0, 0, 0), then
 * STOP. Placed at an address of its own (as tests/api/feeAfterAmount.test.ts places code).
 */
async function forwarderTo(to: string): Promise<Address> {
  const at = devnetAccount(`forwarder ${to}`).address;
  const code = `0x600060006000600034${'73'}${getAddress(to).slice(2).toLowerCase()}5af15000` as Hex;
  await rpc(devnet.provider, 'hardhat_setCode', [at, code]);
  return at;
}

/** A customer sends `amount` ETH to the forwarder, which passes it on to our wallet in the same transaction. */
async function forward(forwarder: Address, amount: string): Promise<bigint> {
  const sent = await devnet.payAs(devnetAccount(`payer ${++payers}`).address, null, forwarder, parseUnits(amount, 18));
  expect(sent.receipt.status).toBe('success');
  return sent.receipt.blockNumber;
}

describe('internal transfers into our wallets', () => {
  it('coin a contract forwards to a deposit wallet is booked by the watcher as an internal transfer, shown in the ledger and audited; the books balance', async () => {
    const hot = wallets['Aurora deposits'];
    // The demo's late payments, sent when the devnet was made, read first.
    await readChainUpTo(server, ETH_CHAIN, await devnet.client.getBlockNumber());
    const booksBefore = units(await balanceOf(server, hot, 'ETH'));
    const chainBefore = units(await chainBalanceOf(server, hot, 'ETH'));
    const block = await forward(await forwarderTo(addresses['Aurora deposits']), '0.3');
    expect(units(await chainBalanceOf(server, hot, 'ETH'))).toBe(chainBefore + units('0.3'));
    await readChainUpTo(server, ETH_CHAIN, block);

    expect(units(await balanceOf(server, hot, 'ETH'))).toBe(booksBefore + units('0.3'));
    expect(await internalEntries(hot)).toEqual([{ delta: '0.3', internalCreditId: expect.any(Number) }]);
    // Nothing else of the demo's blocks was taken for found coin.
    expect(await db().selectFrom('chainInternalCredit').select(['walletId', 'amount']).execute()).toEqual([
      { walletId: hot, amount: '0.3' },
    ]);
    expect(await verify()).toMatchObject({ balanced: true, breaks: [] });

    // The merchant's ledger screen shows it with its reason; the operator's audit trail names the system's reconcile.
    const ledger = await server.call<ListResult<AssetFlowRecord>>('GET', ApiPath.assetFlow.list, {
      token: await client.token('merchantProFinance'),
      query: { chainId: ETH_CHAIN, reason: 'internal transfer' },
    });
    expect(ledger.data.list).toEqual([
      expect.objectContaining({ walletLabel: 'Aurora deposits', symbol: 'ETH', delta: '0.3', reason: 'internal transfer' }),
    ]);
    const audit = await server.call<ListResult<AuditEventRecord>>('GET', ApiPath.auditLog.list, {
      token: await client.token('superAdmin'),
      query: { entity: 'chainInternalCredit', pageSize: 50 },
    });
    expect(audit.data.list).toEqual([
      expect.objectContaining({
        action: 'create',
        entity: 'chainInternalCredit',
        route: 'chain reconcile',
        after: expect.objectContaining({ walletId: String(hot), amount: '0.3' }),
      }),
    ]);
    // Another merchant's staff see nothing of it.
    const other = await server.call<ListResult<AssetFlowRecord>>('GET', ApiPath.assetFlow.list, {
      token: await client.token('merchantStdFinance'),
      query: { chainId: ETH_CHAIN, reason: 'internal transfer' },
    });
    expect(other.data.list).toEqual([]);
  });

  it('a Safe’s supply into our hot wallet (an internal call too) is booked once, by its proposal, not again as found coin', async () => {
    const cold = wallets['Birch cold'];
    const hot = wallets['Birch deposits'];
    const res = await server.call<MovementRecord & { proposalId?: number }>('POST', ApiPath.movement.save, {
      token: await client.token('merchantStdManager'),
      body: { kind: 'supply', walletId: cold, to: addresses['Birch deposits'], symbol: 'ETH', amount: '0.25', memo: '' },
    });
    expect(res.code, JSON.stringify(res)).toBe(200);
    const proposalId = res.data.proposalId!;
    expect((await client.act('merchantStdManager', 'approval', proposalId)).code).toBe(200);
    expect((await client.act('merchantStdFinance', 'approval', proposalId)).code).toBe(200);
    expect((await client.act('merchantStdFinance', 'confirm', proposalId)).data.status).toBe('executed');
    await readChainUpTo(server, ETH_CHAIN, await devnet.client.getBlockNumber());
    expect(await internalEntries(hot)).toEqual([]);
    expect(await verify()).toMatchObject({ balanced: true, breaks: [] });
  });

  it('a reorg that takes the forwarding transaction off the chain reverses its credit, and the books balance again', async () => {
    const hot = wallets['Aurora deposits'];
    const forwarder = await forwarderTo(addresses['Aurora deposits']);
    const snapshot = await rpc<Hex>(devnet.provider, 'evm_snapshot', []);
    const booksBefore = await balanceOf(server, hot, 'ETH');
    const block = await forward(forwarder, '0.2');
    await readChainUpTo(server, ETH_CHAIN, block);
    expect(units(await balanceOf(server, hot, 'ETH'))).toBe(units(booksBefore) + units('0.2'));
    const lastRead = await devnet.client.getBlockNumber();

    expect(await rpc<boolean>(devnet.provider, 'evm_revert', [snapshot])).toBe(true);
    while ((await devnet.client.getBlockNumber()) <= lastRead) await devnet.mineEmpty();
    const { reorg } = await pollChain(db(), server.app.context.chains, ETH_CHAIN, new Date());
    expect(reorg).toMatchObject({ reversed: 1, unreversed: [] });
    await readChainUpTo(server, ETH_CHAIN, await devnet.client.getBlockNumber());
    expect(await balanceOf(server, hot, 'ETH')).toBe(booksBefore);
    const credits = await db()
      .selectFrom('chainInternalCredit')
      .select(['amount', 'vanishedAt'])
      .where('walletId', '=', hot)
      .orderBy('id')
      .execute();
    expect(credits.map((c) => [c.amount, c.vanishedAt !== null])).toEqual([
      ['0.3', false],
      ['0.2', true],
    ]);
    expect(await verify()).toMatchObject({ balanced: true, breaks: [] });
  });
  it('an insider’s outflow the books do not know yet, and a fall, are never booked as income: only the coin that arrived is, and verify names the rest', async () => {
    const hot = wallets['Cedar deposits'];
    const address = getAddress(addresses['Cedar deposits']);
    await fund(server, hot, ethId, '2');
    const forwarder = await forwarderTo(address);
    const booksBefore = units(await balanceOf(server, hot, 'ETH'));
    // The wallet's key sends coin out beside the platform (as an outflow whose booking has not committed),
    // and a contract forwards a smaller amount in the same blocks.
    const out = await devnet.send(address, { to: OUTSIDER, value: parseUnits('0.5', 18) });
    const block = await forward(forwarder, '0.1');
    expect(block).toBeGreaterThan(out.receipt.blockNumber - 1n);
    await readChainUpTo(server, ETH_CHAIN, block);
    expect(await internalEntries(hot)).toEqual([{ delta: '0.1', internalCreditId: expect.any(Number) }]);
    expect(units(await balanceOf(server, hot, 'ETH'))).toBe(booksBefore + units('0.1'));
    const books = await balanceOf(server, hot, 'ETH');
    let held = await chainBalanceOf(server, hot, 'ETH');
    expect((await verify()).breaks).toEqual([
      expect.objectContaining({ kind: 'chainBalance', walletId: hot, symbol: 'ETH', expected: books, actual: held }),
    ]);

    // The chain takes coin from the wallet with no transaction at all: nothing is booked for it either way.
    await rpc(devnet.provider, 'hardhat_setBalance', [address, toHex(units(held) - units('0.25'))]);
    const after = await devnet.mineEmpty();
    await readChainUpTo(server, ETH_CHAIN, after);
    expect(await internalEntries(hot)).toHaveLength(1);
    expect(await balanceOf(server, hot, 'ETH')).toBe(books);
    held = await chainBalanceOf(server, hot, 'ETH');
    expect(units(books) - units(held)).toBeGreaterThan(units('0.75'));
    expect((await verify()).breaks).toEqual([
      expect.objectContaining({ kind: 'chainBalance', walletId: hot, symbol: 'ETH', expected: books, actual: held }),
    ]);
  });
});
