import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getAddress } from 'viem';
import { sql } from 'kysely';
import { type TestServer } from './harness';
import { balanceOf, ETH_CHAIN, fund, units, startSignServer, type SignClient } from './signSupport';
import type { ListResult } from '../../src/contract/envelope';
import type { MovementRecord } from '../../src/contract/schemas/movement';
import type { AssetFlowRecord } from '../../src/contract/schemas/assetFlow';
import { ApiPath } from '../../src/contract/apiPaths';

const EXTERNAL = getAddress('0x1111111111111111111111111111111111111111');

let server: TestServer, client: SignClient, wallets: Record<string, number>, addresses: Record<string, string>;

beforeAll(async () => {
  ({ server, sign: client, wallets, addresses } = await startSignServer());
});
afterAll(() => server?.close());

const save = async (account: string, body: Record<string, unknown>) =>
  server.call<MovementRecord>('POST', ApiPath.movement.save, { token: await client.token(account), body: { memo: '', ...body } });
const list = async (account: string, query: Record<string, string | number>) =>
  server.call<ListResult<MovementRecord>>('GET', ApiPath.movement.list, {
    token: await client.token(account),
    query: { pageSize: 500, ...query },
  });
const movementCount = async () =>
  Number(
    (
      await server.app.context.db
        .selectFrom('movement')
        .select(sql<number>`count(*)::int`.as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

/** A paid (or other) order of Birch Goods on Ethereum, with its currency's symbol. */
async function birchOrder(status: string) {
  return server.app.context.db
    .selectFrom('paymentOrder')
    .innerJoin('currency', 'currency.id', 'paymentOrder.currencyId')
    .select([
      'paymentOrder.id',
      'paymentOrder.orderNo',
      sql<string>`payment_order.amount::text`.as('amount'),
      'paymentOrder.payerAddress',
      'currency.symbol',
      'currency.id as currencyId',
    ])
    .where('paymentOrder.orgId', '=', server.orgIds.stdB)
    .where('paymentOrder.chainId', '=', ETH_CHAIN)
    .where('paymentOrder.status', '=', status)
    .orderBy('paymentOrder.id')
    .executeTakeFirstOrThrow();
}

/**
 * Lower nonces of a wallet go first (docs/proposals.md): the open ones are vetoed before a test's
 * proposal starts. On a Safe that order matters: a proposal signed for the nonce after one that
 * closes unexecuted is one the Safe will not reach (docs/chains.md "Nonce gaps").
 */
async function denyOpenProposals(walletId: number) {
  const open = (await client.list('merchantStdManager', { state: 'open', walletId })).data.list;
  for (const p of open) expect((await client.act('merchantStdManager', 'deny', p.proposalId)).code).toBe(200);
}

describe('demo seed', () => {
  it('holds movements of every kind, direct and through proposals in several statuses', async () => {
    for (const kind of ['transfer', 'withdraw', 'refund', 'supply'])
      expect((await list('superAdmin', { kind })).data.count, kind).toBeGreaterThan(0);
    const transfers = (await list('superAdmin', { kind: 'transfer' })).data.list;
    expect(new Set(transfers.map((m) => m.status))).toEqual(new Set(['executed', 'pending', 'approved', 'denied', 'expired']));
    expect((await list('merchantStdEmployee', { kind: 'supply' })).data.list).toEqual([
      expect.objectContaining({ status: 'executed', walletLabel: 'Birch cold', to: addresses['Birch deposits'] }),
    ]);
    expect((await list('superAdmin', { kind: 'refund' })).data.list.every((m) => m.orderNo !== null)).toBe(true);
  });
});

describe('direct movements (non-multisig wallets)', () => {
  it('a transfer is executed at once: balance lowered, ledger written, tx hash set', async () => {
    const wallet = wallets['Birch deposits'];
    const before = await balanceOf(server, wallet, 'USDC');
    const res = await save('merchantStdFinance', {
      kind: 'transfer',
      walletId: wallet,
      to: EXTERNAL.toLowerCase(),
      symbol: 'USDC',
      amount: '100.5',
    });
    expect(res.code).toBe(200);
    expect(res.data).toMatchObject({
      kind: 'transfer',
      status: 'executed',
      to: EXTERNAL,
      amount: '100.5',
      fee: '0',
      proposalId: null,
      walletLabel: 'Birch deposits',
      createdBy: 'merchantStdFinance',
    });
    expect(res.data.txHash).toMatch(/^0x[0-9a-f]{64}$/);
    expect(units(await balanceOf(server, wallet, 'USDC'))).toBe(units(before) - units('100.5'));
    const entry = await server.app.context.db
      .selectFrom('ledgerEntry')
      .selectAll()
      .where('txHash', '=', res.data.txHash)
      .executeTakeFirstOrThrow();
    expect(entry).toMatchObject({ walletId: wallet, reason: 'movement', proposalId: null });
    expect(units(entry.delta)).toBe(-units('100.5'));
  });

  it('a transfer to one of our wallets credits it', async () => {
    const target = wallets['Aurora deposits'];
    const before = await balanceOf(server, target, 'USDC');
    const res = await save('merchantStdFinance', {
      kind: 'transfer',
      walletId: wallets['Birch deposits'],
      to: addresses['Aurora deposits'],
      symbol: 'USDC',
      amount: '10',
    });
    expect(res.code).toBe(200);
    expect(units(await balanceOf(server, target, 'USDC'))).toBe(units(before) + units('10'));
  });

  it('a withdraw debits the amount plus the currency fee and records the fee', async () => {
    const wallet = wallets['Birch deposits'];
    const before = await balanceOf(server, wallet, 'USDC');
    const res = await save('merchantStdManager', { kind: 'withdraw', walletId: wallet, to: EXTERNAL, symbol: 'USDC', amount: '20' });
    expect(res.code).toBe(200);
    expect(res.data).toMatchObject({ kind: 'withdraw', status: 'executed', fee: '2' });
    expect(units(await balanceOf(server, wallet, 'USDC'))).toBe(units(before) - units('22'));
  });

  it('the lite tier moves directly', async () => {
    const res = await save('merchantLiteEmployee', {
      kind: 'transfer',
      walletId: wallets['Cedar deposits'],
      to: EXTERNAL,
      symbol: 'USDT',
      amount: '5',
    });
    expect(res.code).toBe(200);
    expect(res.data.status).toBe('executed');
  });
});

describe('refunds', () => {
  it('refunds a paid order up to its amount, to its payer by default', async () => {
    const order = await birchOrder('paid');
    const wallet = wallets['Birch deposits'];
    // Enough of the order's currency in the hot wallet to refund it whole.
    await fund(server, wallet, order.currencyId, '1000000');
    const over = await save('merchantStdFinance', {
      kind: 'refund',
      walletId: wallet,
      orderNo: order.orderNo,
      symbol: order.symbol,
      amount: String(BigInt(order.amount.split('.')[0]) + 1n),
    });
    expect(over).toMatchObject({ code: 400, data: { amount: expect.stringContaining(order.amount.replace(/\.?0+$/, '')) } });

    const first = await save('merchantStdFinance', {
      kind: 'refund',
      walletId: wallet,
      orderNo: order.orderNo,
      symbol: order.symbol,
      amount: '1',
    });
    expect(first.code).toBe(200);
    expect(first.data).toMatchObject({ kind: 'refund', status: 'executed', orderNo: order.orderNo, to: order.payerAddress });
    const rest = await save('merchantStdFinance', {
      kind: 'refund',
      walletId: wallet,
      orderNo: order.orderNo,
      symbol: order.symbol,
      amount: order.amount,
      to: EXTERNAL,
    });
    expect(rest.code).toBe(400);
    expect(Object.keys(rest.data as object)).toEqual(['amount']);
  });

  it('refuses an order that is not paid, unknown or of another currency', async () => {
    const wallet = wallets['Birch deposits'];
    const pending = await birchOrder('pending');
    expect(
      await save('merchantStdFinance', {
        kind: 'refund',
        walletId: wallet,
        orderNo: pending.orderNo,
        symbol: pending.symbol,
        amount: '1',
        to: EXTERNAL,
      }),
    ).toMatchObject({ code: 400, data: { orderNo: 'Only a paid order can be refunded.' } });
    expect(
      await save('merchantStdFinance', {
        kind: 'refund',
        walletId: wallet,
        orderNo: 'NO-SUCH-ORDER',
        symbol: 'USDC',
        amount: '1',
        to: EXTERNAL,
      }),
    ).toMatchObject({ code: 400, data: { orderNo: expect.any(String) } });
    expect(
      await save('merchantStdFinance', { kind: 'refund', walletId: wallet, orderNo: 'NO-SUCH-ORDER', symbol: 'USDC', amount: '1' }),
    ).toMatchObject({ code: 400, data: { orderNo: expect.stringContaining('No order with this number') } });
    expect(await save('merchantStdFinance', { kind: 'refund', walletId: wallet, symbol: 'USDC', amount: '1', to: EXTERNAL })).toMatchObject(
      { code: 400, data: { orderNo: expect.any(String) } },
    );
    const paid = await birchOrder('paid');
    const otherSymbol = paid.symbol === 'ETH' ? 'USDC' : 'ETH';
    expect(
      await save('merchantStdFinance', { kind: 'refund', walletId: wallet, orderNo: paid.orderNo, symbol: otherSymbol, amount: '1' }),
    ).toMatchObject({ code: 400, data: { symbol: 'A refund is paid in the order’s currency.' } });
  });
});

describe('movements out of multisig wallets start proposals', () => {
  it('a cold transfer by a cold admin is a pending proposal; the balance waits for execution', async () => {
    const wallet = wallets['Birch cold'];
    const before = await balanceOf(server, wallet, 'USDC');
    const res = await save('merchantStdManager', {
      kind: 'transfer',
      walletId: wallet,
      to: EXTERNAL,
      symbol: 'USDC',
      amount: '500',
      memo: 'payroll',
    });
    expect(res.code).toBe(200);
    expect(res.data).toMatchObject({ status: 'pending', txHash: null });
    const proposal = await client.detail('merchantStdManager', res.data.proposalId!);
    expect(proposal.data).toMatchObject({ kind: 'transfer', amount: '500', symbol: 'USDC', to: EXTERNAL, status: 'pending' });
    expect(await balanceOf(server, wallet, 'USDC')).toBe(before);
  });

  it('a supply goes from the cold wallet to the same org’s hot wallet, and shows its proposal’s execution', async () => {
    const target = wallets['Birch deposits'];
    const before = await balanceOf(server, target, 'USDC');
    await denyOpenProposals(wallets['Birch cold']);
    const res = await save('merchantStdManager', {
      kind: 'supply',
      walletId: wallets['Birch cold'],
      to: addresses['Birch deposits'],
      symbol: 'USDC',
      amount: '300',
    });
    expect(res.code).toBe(200);
    expect(res.data).toMatchObject({ kind: 'supply', status: 'pending' });
    const proposalId = res.data.proposalId!;
    // Birch cold is a Safe: saving the movement started its proposal, and the proposer approves in a
    // signed step of its own (starting is not approving there); then a second signer.
    expect((await client.act('merchantStdManager', 'approval', proposalId)).code).toBe(200);
    expect((await client.act('merchantStdFinance', 'approval', proposalId)).code).toBe(200);
    expect((await client.act('merchantStdFinance', 'confirm', proposalId)).code).toBe(200);
    const after = await server.call<MovementRecord>('GET', ApiPath.movement.detail, {
      token: await client.token('merchantStdManager'),
      query: { id: res.data.id },
    });
    expect(after.data).toMatchObject({ status: 'executed', txHash: expect.stringMatching(/^0x/) });
    expect(units(await balanceOf(server, target, 'USDC'))).toBe(units(before) + units('300'));
  });

  it('rows name their proposal as every screen does, by its wallet and nonce; the supply’s credit in the ledger names the cold wallet’s', async () => {
    await denyOpenProposals(wallets['Birch cold']);
    const res = await save('merchantStdManager', {
      kind: 'supply',
      walletId: wallets['Birch cold'],
      to: addresses['Birch deposits'],
      symbol: 'USDC',
      amount: '20',
    });
    const proposal = (await client.detail('merchantStdManager', res.data.proposalId!)).data;
    const row = (await list('merchantStdManager', { kind: 'supply' })).data.list.find((m) => m.id === res.data.id);
    expect(row).toMatchObject({ walletLabel: 'Birch cold', proposalId: proposal.proposalId, proposalNonce: proposal.nonce });
    const direct = (await list('merchantStdFinance', { kind: 'transfer' })).data.list.find((m) => m.proposalId === null);
    expect(direct).toMatchObject({ proposalNonce: null });

    // Birch cold is a Safe: saving the movement started its proposal, and the proposer approves in a
    // signed step of its own (starting is not approving there); then a second signer.
    expect((await client.act('merchantStdManager', 'approval', proposal.proposalId)).code).toBe(200);
    expect((await client.act('merchantStdFinance', 'approval', proposal.proposalId)).code).toBe(200);
    expect((await client.act('merchantStdFinance', 'confirm', proposal.proposalId)).code).toBe(200);
    const ledger = await server.call<ListResult<AssetFlowRecord>>('GET', ApiPath.assetFlow.list, {
      token: await client.token('merchantStdManager'),
      query: { proposalId: proposal.proposalId },
    });
    // No gas entry: a Safe's relayer paid it (docs/chains.md "Proposals on Safes").
    expect(ledger.data.list.map((e) => [e.walletLabel, e.proposalWalletLabel, e.proposalNonce, e.reason]).sort()).toEqual([
      ['Birch cold', 'Birch cold', proposal.nonce, 'proposal'],
      ['Birch deposits', 'Birch cold', proposal.nonce, 'proposal'],
    ]);
    const opening = await server.call<ListResult<AssetFlowRecord>>('GET', ApiPath.assetFlow.list, {
      token: await client.token('merchantStdManager'),
      query: { reason: 'initial credit', pageSize: 1 },
    });
    expect(opening.data.list[0]).toMatchObject({ proposalId: null, proposalWalletLabel: null, proposalNonce: null });
  });

  it('supply refusals: from a hot wallet, to a cold or a foreign wallet', async () => {
    const body = { kind: 'supply', symbol: 'USDC', amount: '1' };
    expect(await save('merchantStdManager', { ...body, walletId: wallets['Birch deposits'], to: addresses['Birch cold'] })).toMatchObject({
      code: 400,
      data: { walletId: 'A supply is made from a cold wallet.' },
    });
    expect(await save('merchantStdManager', { ...body, walletId: wallets['Birch cold'], to: addresses['Aurora cold'] })).toMatchObject({
      code: 400,
      data: { to: expect.any(String) },
    });
    expect(await save('merchantStdManager', { ...body, walletId: wallets['Birch cold'], to: addresses['Aurora deposits'] })).toMatchObject({
      code: 400,
      data: { to: expect.any(String) },
    });
    expect(await save('merchantStdManager', { ...body, walletId: wallets['Birch cold'], to: EXTERNAL })).toMatchObject({
      code: 400,
      data: { to: expect.any(String) },
    });
  });
});

describe('refusals change nothing', () => {
  it('wrong decimals, bad address, insufficient balance, withdraw below the minimum or to our own wallet', async () => {
    const count = await movementCount();
    const wallet = wallets['Birch deposits'];
    const balance = await balanceOf(server, wallet, 'USDC');
    const body = { walletId: wallet, to: EXTERNAL, symbol: 'USDC' };
    expect(await save('merchantStdFinance', { ...body, kind: 'transfer', amount: '1.1234567' })).toMatchObject({
      code: 400,
      data: { amount: 'At most 6 decimal places.' },
    });
    expect(
      await save('merchantStdFinance', { ...body, kind: 'transfer', amount: '1', to: 'TNPeeaaFB7K9cmo4uQpcU32zGK8G1NYqeL' }),
    ).toMatchObject({ code: 400, data: { to: expect.any(String) } });
    expect(await save('merchantStdFinance', { ...body, kind: 'transfer', amount: '99999999' })).toMatchObject({
      code: 400,
      data: { amount: expect.stringContaining('More than the wallet holds') },
    });
    expect(await save('merchantStdFinance', { ...body, kind: 'withdraw', amount: '5' })).toMatchObject({
      code: 400,
      data: { amount: 'Less than the minimum withdrawal (10).' },
    });
    expect(await save('merchantStdFinance', { ...body, kind: 'withdraw', amount: '10', to: addresses['Aurora deposits'] })).toMatchObject({
      code: 400,
      data: { to: expect.any(String) },
    });
    expect(await save('merchantStdFinance', { ...body, kind: 'transfer', amount: '0' })).toMatchObject({
      code: 400,
      data: { amount: expect.any(String) },
    });
    expect(await movementCount()).toBe(count);
    expect(await balanceOf(server, wallet, 'USDC')).toBe(balance);
  });

  it('roles without the right are 403; another org’s wallet is 404; a cold wallet needs a cold admin', async () => {
    const count = await movementCount();
    const body = { to: EXTERNAL, symbol: 'USDC', amount: '1' };
    expect(await save('merchantStdEmployee', { ...body, kind: 'withdraw', walletId: wallets['Birch deposits'] })).toMatchObject({
      code: 403,
    });
    expect(await save('merchantProEmployee', { ...body, kind: 'transfer', walletId: wallets['Aurora deposits'] })).toMatchObject({
      code: 403,
    });
    expect(
      await save('merchantStdFinance', { ...body, kind: 'supply', walletId: wallets['Birch cold'], to: addresses['Birch deposits'] }),
    ).toMatchObject({ code: 403 });
    expect(await save('merchantStdFinance', { ...body, kind: 'transfer', walletId: wallets['Aurora deposits'] })).toMatchObject({
      code: 404,
    });
    expect(await save('merchantStdFinance', { ...body, kind: 'transfer', walletId: wallets['Birch cold'] })).toMatchObject({
      code: 400,
      data: { walletId: expect.any(String) },
    });
    // Visible to the agent, but not of its selected org.
    expect(await save('agentManager', { ...body, kind: 'transfer', walletId: wallets['Birch deposits'] })).toMatchObject({
      code: 400,
      data: { walletId: expect.any(String) },
    });
    expect(await movementCount()).toBe(count);
  });
});

describe('lists', () => {
  it('are scoped to the tenancy and filtered by kind, chain, status and q', async () => {
    const birch = (await list('merchantStdEmployee', { kind: 'transfer' })).data;
    expect(birch.count).toBeGreaterThan(0);
    expect(birch.list.every((m) => m.orgName === 'Birch Goods (Standard)' && m.kind === 'transfer')).toBe(true);
    expect((await list('merchantProManager', { kind: 'transfer' })).data.list.some((m) => m.orgName.startsWith('Birch'))).toBe(false);
    expect((await list('agentManager', { kind: 'transfer' })).data.list.some((m) => m.orgName.startsWith('Birch'))).toBe(true);
    expect((await list('superAdmin', { kind: 'transfer' })).data.count).toBeGreaterThanOrEqual(birch.count);

    const executed = birch.list.find((m) => m.status === 'executed')!;
    const byHash = (await list('merchantStdEmployee', { kind: 'transfer', q: executed.txHash!.toUpperCase() })).data;
    expect(byHash.list.map((m) => m.id)).toEqual([executed.id]);
    // The cold transfer's proposal was vetoed by the supply test: the movement reads as its proposal.
    const denied = (await list('merchantStdEmployee', { kind: 'transfer', status: 'denied', chainId: ETH_CHAIN })).data.list;
    expect(denied.length).toBe(1);
    expect(denied[0]).toMatchObject({ amount: '500', proposalId: expect.any(Number) });
  });

  it('supply lists follow the /supply route group; the kind is required', async () => {
    expect((await list('merchantLiteManager', { kind: 'supply' })).code).toBe(403);
    expect((await list('merchantStdEmployee', { kind: 'supply' })).code).toBe(200);
    expect(await server.call('GET', ApiPath.movement.list, { token: await client.token('merchantStdEmployee') })).toMatchObject({
      code: 400,
      data: { kind: expect.any(String) },
    });
  });
});
