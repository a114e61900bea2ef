import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestServer } from './harness';
import { demoEvmAddress, demoTronAddress } from '../../server/db/seed/wallets';
import type { ChainWalletRecord } from '../../src/contract/schemas/chainWallet';
import type { MovementRecord } from '../../src/contract/schemas/movement';
import {
  balanceOf,
  demoKeyAddress,
  ETH_CHAIN,
  ETH_GAS,
  fromUnits,
  TRON_CHAIN,
  units,
  startSignServer,
  type SignClient,
  insertMultisig,
  proposalCountOf,
} from './signSupport';
import type { Address } from 'viem';
import { ApiPath } from '../../src/contract/apiPaths';

/**
 * No single person moves or re-governs multisig money. Each test is what a dishonest
 * employee would try, alone, through any endpoint: the answer is a clear 4xx and the
 * money and the wallet's governance stay where they were.
 */
let server: TestServer, sign: SignClient, wallets: Record<string, number>;
const users: Record<string, number> = {};
const OUTSIDE = demoEvmAddress('insider accomplice');

beforeAll(async () => {
  ({ server, sign, wallets } = await startSignServer());
  for (const row of await server.app.context.db.selectFrom('appUser').select(['id', 'account']).execute()) users[row.account] = row.id;
});
afterAll(() => server?.close());

const call = async <T = unknown>(
  account: string,
  method: 'GET' | 'POST',
  path: string,
  options: { body?: unknown; query?: Record<string, string | number>; orgId?: number } = {},
) => server.call<T>(method, path, { token: await sign.token(account), ...options });
const walletOf = async (id: number) =>
  (await call<ChainWalletRecord>('superAdmin', 'GET', ApiPath.chainWallet.detail, { query: { id } })).data;
const governanceOf = async (id: number) => {
  const wallet = await walletOf(id);
  return { threshold: wallet.threshold, signers: wallet.signers.map((s) => s.account) };
};
const queueLength = (walletId: number) => proposalCountOf(server, walletId);
const transfer = (walletId: number, overrides: Record<string, unknown> = {}) => ({
  walletId,
  kind: 'transfer',
  to: OUTSIDE,
  amount: '1',
  symbol: 'ETH',
  memo: 'insider',
  ...overrides,
});
/** Denies every open proposal of a wallet, so the next test starts with a free queue. */
async function clearQueue(walletId: number, signer: string): Promise<void> {
  const open = (await sign.list(signer, { walletId, state: 'open' })).data.list;
  for (const p of open) expect((await sign.act(signer, 'deny', p.id)).code).toBe(200);
}

describe('re-governing a wallet alone', () => {
  it('an org manager cannot make its own 2-of-3 cold wallet 1-of-1 and then empty it', async () => {
    const cold = wallets['Aurora cold'];
    const before = { governance: await governanceOf(cold), eth: await balanceOf(server, cold, 'ETH') };
    const takeover = await call('merchantProManager', 'POST', ApiPath.chainWallet.update, {
      body: { id: cold, threshold: 1, signers: [users.merchantProManager] },
    });
    expect(takeover).toMatchObject({ code: 409, msg: expect.stringContaining('signer-change proposal') });
    expect(await governanceOf(cold)).toEqual(before.governance);

    // Then start + confirm alone: the start is one approval of two.
    const started = await sign.start('merchantProManager', transfer(cold, { amount: fromUnits(units(before.eth) - units(ETH_GAS)) }));
    expect(started.data.status).toBe('pending');
    expect(await sign.act('merchantProManager', 'confirm', started.data.proposalId)).toMatchObject({
      code: 409,
      msg: 'The proposal has 1 of 2 approvals; it cannot be executed yet.',
    });
    expect(await balanceOf(server, cold, 'ETH')).toBe(before.eth);
    await clearQueue(cold, 'merchantProManager');
  });

  it.each(['superAdmin', 'operatorEmployee'])(
    '%s cannot rewrite the signers of the platform treasury or of a merchant multisig wallet',
    async (account) => {
      for (const label of ['Operator treasury', 'Aurora TRON hot', 'Cedar cold']) {
        const id = wallets[label];
        const before = await governanceOf(id);
        const res = await call(account, 'POST', ApiPath.chainWallet.update, { body: { id, threshold: 1, signers: [users[account]] } });
        // 403 where the role may not write the wallet at all (a cold one for operatorEmployee), else 409.
        expect(res, `${account} on ${label}`).toMatchObject(
          res.code === 403
            ? { msg: expect.stringContaining('cold wallets') }
            : { code: 409, msg: expect.stringContaining('signer-change proposal') },
        );
        expect(await governanceOf(id), label).toEqual(before);
      }
    },
  );

  it('the operator row gets no shortcut into a merchant wallet: it may not start a signer change there', async () => {
    const cold = wallets['Aurora cold'];
    const queued = await queueLength(cold);
    const change = { walletId: cold, kind: 'governance', signers: [users.superAdmin, users.operatorEmployee], threshold: 1, memo: '' };
    // In its own org the wallet is another org's; naming the merchant org, it is no member.
    expect(await call('superAdmin', 'POST', ApiPath.sign.start, { body: change })).toMatchObject({
      code: 400,
      data: { walletId: 'Choose a wallet of the selected organisation.' },
    });
    expect(await call('superAdmin', 'POST', ApiPath.sign.start, { body: change, orgId: server.orgIds.proA })).toMatchObject({ code: 403 });
    expect(await call('agentManager', 'POST', ApiPath.sign.start, { body: change })).toMatchObject({ code: 400 });
    expect(await queueLength(cold)).toBe(queued);
    expect((await governanceOf(cold)).signers).toEqual(['merchantProManager', 'merchantProFinance', 'merchantProEmployee']);
  });

  it('a signer change proposal must name two or more members of the org, and differ from today', async () => {
    const cold = wallets['Aurora cold'];
    const propose = (signers: number[], threshold: number) =>
      sign.start('merchantProManager', { walletId: cold, kind: 'governance', signers, threshold, memo: '' });
    expect(await propose([users.merchantProManager], 1)).toMatchObject({
      code: 400,
      data: { signers: 'At least 2 different signers: one person alone is not multisig.' },
    });
    expect(await propose([users.merchantProManager, users.merchantProManager], 1)).toMatchObject({
      code: 400,
      data: { signers: 'Each signer may be listed once.' },
    });
    expect(await propose([users.merchantProManager, users.merchantStdManager], 2)).toMatchObject({
      code: 400,
      data: { signers: "Must be members of the wallet's organisation." },
    });
    expect(await propose([users.merchantProManager, users.merchantProFinance], 3)).toMatchObject({
      code: 400,
      data: { threshold: 'Cannot be more than the 2 signers.' },
    });
    const same = [users.merchantProEmployee, users.merchantProManager, users.merchantProFinance];
    expect(await propose(same, 2)).toMatchObject({ code: 400, data: { signers: "These are already the wallet's signers and threshold." } });
  });

  it('a non-signer of the wallet may not propose a signer change, even a member of the org', async () => {
    const wallet = (
      await call<ChainWalletRecord>('merchantStdManager', 'POST', ApiPath.chainWallet.save, {
        body: {
          chainId: ETH_CHAIN,
          orgId: server.orgIds.stdB,
          kind: 'MultiSigHotStd',
          label: 'Birch two',
          threshold: 2,
          signers: [users.merchantStdManager, users.merchantStdFinance],
        },
      })
    ).data;
    const res = await call('multiOrg', 'POST', ApiPath.sign.start, {
      orgId: server.orgIds.stdB,
      body: { walletId: wallet.id, kind: 'governance', signers: [users.merchantStdManager, users.multiOrg], threshold: 1, memo: '' },
    });
    expect(res).toMatchObject({ code: 403, msg: "Only the wallet's own signers may propose a change of its signers." });
    expect(await queueLength(wallet.id)).toBe(0);
  });
});

describe('governance through the wallet’s own quorum', () => {
  it('2 of 3 signers remove the third; the open proposals of the old set are superseded and must start again', async () => {
    const cold = wallets['Aurora cold'];
    const eth = await balanceOf(server, cold, 'ETH');
    const change = await sign.start('merchantProManager', {
      walletId: cold,
      kind: 'governance',
      signers: [users.merchantProManager, users.merchantProFinance],
      threshold: 2,
      memo: 'employee left',
    });
    expect(change).toMatchObject({ code: 200, data: { status: 'pending' } });
    const old = await sign.start('merchantProManager', transfer(cold, { amount: '0.5' }));
    expect((await sign.act('merchantProFinance', 'approval', old.data.proposalId)).data.status).toBe('approved');

    const detail = (await sign.act('merchantProFinance', 'approval', change.data.proposalId)).data;
    expect(detail).toMatchObject({ kind: 'governance', status: 'approved', newThreshold: 2, amount: '0', symbol: '' });
    expect(detail.newSignerList?.map((s) => s.account)).toEqual(['merchantProManager', 'merchantProFinance']);
    expect((await sign.act('merchantProEmployee', 'confirm', change.data.proposalId)).data.status).toBe('executed');

    expect(await governanceOf(cold)).toEqual({ threshold: 2, signers: ['merchantProManager', 'merchantProFinance'] });
    const superseded = (await sign.detail('merchantProManager', old.data.proposalId)).data;
    expect(superseded).toMatchObject({
      status: 'superseded',
      supersededBy: change.data.proposalId,
      supersededByNonce: change.data.nonce,
      myActions: [],
    });
    // The frozen signer set is still shown: who could act on it when it was open.
    expect(superseded.signers.map((s) => s.account)).toEqual(['merchantProManager', 'merchantProFinance', 'merchantProEmployee']);
    expect(await sign.act('merchantProManager', 'confirm', old.data.proposalId)).toMatchObject({
      code: 409,
      msg: expect.stringContaining('superseded'),
    });
    const log = (await sign.logs('merchantProManager', { proposalId: old.data.proposalId })).data.list.map((l) => l.action);
    // Aurora cold is a Safe: the proposer's signed approval after the start, then merchantProFinance's.
    expect(log).toEqual(['start', 'approval', 'approval', 'supersede']);
    // Nothing left the wallet: the relayer paid the signer change's gas (docs/chains.md "Proposals on Safes").
    expect(units(await balanceOf(server, cold, 'ETH'))).toBe(units(eth));
    // The Safe itself now has those two owners and that threshold: the chain enforces the change.
    const chain = await server.app.context.chains.adapterFor({ chainId: ETH_CHAIN, family: 'evm', rpcUrl: '' });
    expect(await chain.multisig!.state((await walletOf(cold)).address as Address)).toMatchObject({
      owners: [demoKeyAddress('merchantProManager'), demoKeyAddress('merchantProFinance')],
      threshold: 2,
    });

    // The removed signer no longer counts on what starts now.
    const next = await sign.start('merchantProManager', transfer(cold, { amount: '0.5' }));
    expect(await sign.act('merchantProEmployee', 'approval', next.data.proposalId)).toMatchObject({
      code: 403,
      msg: "Only the wallet's signers may do this.",
    });
    expect(await sign.act('merchantProEmployee', 'deny', next.data.proposalId)).toMatchObject({ code: 403 });
    await clearQueue(cold, 'merchantProManager');
  });

  it('a governance confirm racing the confirm of a proposal behind it never lets the old quorum execute after the change', async () => {
    const hot = wallets['Aurora TRON hot'];
    await clearQueue(hot, 'merchantProManager');
    const usdt = await balanceOf(server, hot, 'USDT');
    const change = await sign.start('merchantProFinance', {
      walletId: hot,
      kind: 'governance',
      signers: [users.merchantProManager, users.merchantProFinance],
      threshold: 2,
      memo: '',
    });
    const behind = await sign.start('merchantProFinance', {
      walletId: hot,
      kind: 'transfer',
      to: demoTronAddress('insider tron'),
      amount: '100',
      symbol: 'USDT',
      memo: '',
    });
    await sign.act('merchantProManager', 'approval', change.data.proposalId);
    await sign.act('merchantProManager', 'approval', behind.data.proposalId);
    const [governance, money] = await Promise.all([
      sign.act('merchantProEmployee', 'confirm', change.data.proposalId),
      sign.act('merchantProEmployee', 'confirm', behind.data.proposalId),
    ]);
    expect(governance.data.status).toBe('executed');
    expect(money.code).toBe(409);
    expect((await sign.detail('merchantProManager', behind.data.proposalId)).data.status).toBe('superseded');
    expect(await balanceOf(server, hot, 'USDT')).toBe(usdt);
  });
});

describe('open proposals are judged against the signer set frozen at start', () => {
  it('a signer removed from the wallet afterwards keeps the veto; someone added afterwards gets no vote', async () => {
    const { db } = server.app.context;
    const birch = wallets['Birch cold'];
    const body = { walletId: birch, kind: 'transfer', to: OUTSIDE, amount: '0.1', symbol: 'ETH', memo: '' };
    const first = await sign.start('merchantStdManager', body);
    // However the wallet row changed (a bug, a console of the database): the proposal does not follow it.
    await db.deleteFrom('walletSigner').where('walletId', '=', birch).where('userId', '=', users.merchantStdEmployee).execute();
    expect((await sign.act('merchantStdEmployee', 'deny', first.data.proposalId)).data.status).toBe('denied');

    const second = await sign.start('merchantStdManager', body);
    await db.insertInto('walletSigner').values({ walletId: birch, userId: users.merchantStdEmployee, position: 9 }).execute();
    expect(await sign.act('merchantStdEmployee', 'approval', second.data.proposalId)).toMatchObject({
      code: 403,
      msg: "Only the wallet's signers may do this.",
    });
    expect((await sign.detail('merchantStdManager', second.data.proposalId)).data.signers.map((s) => s.account)).toEqual([
      'merchantStdManager',
      'merchantStdFinance',
    ]);
    await clearQueue(birch, 'merchantStdManager');
  });
});

describe('kinds mean what they say', () => {
  it.each([
    { case: 'an old kind "config"', body: { kind: 'config' }, field: 'kind' },
    { case: 'an old kind "contract"', body: { kind: 'contract' }, field: 'kind' },
    { case: 'a refund naming no order', body: { kind: 'refund' }, field: 'orderNo' },
    { case: 'a refund of an unknown order', body: { kind: 'refund', orderNo: 'NO-SUCH-ORDER' }, field: 'orderNo' },
    { case: 'a supply to an outside address', body: { kind: 'supply' }, field: 'to' },
    { case: 'a withdrawal back into one of our wallets', body: { kind: 'withdraw', to: demoEvmAddress('Aurora deposits') }, field: 'to' },
    { case: 'a withdrawal below the minimum', body: { kind: 'withdraw', amount: '0.001' }, field: 'amount' },
    { case: 'a governance change carried by a transfer', body: { signers: [1, 2], threshold: 1 }, field: 'signers' },
  ])('sign/start refuses $case (400) and queues nothing', async ({ body, field }) => {
    const cold = wallets['Aurora cold'];
    const queued = await queueLength(cold);
    const res = await sign.start('merchantProManager', transfer(cold, body));
    expect(res.code).toBe(400);
    expect(res.data as unknown as Record<string, string>).toHaveProperty(field);
    expect(await queueLength(cold)).toBe(queued);
  });

  it('a refund proposal counts against the order: two proposals cannot refund more than it paid', async () => {
    const { db } = server.app.context;
    const order = await db
      .selectFrom('paymentOrder')
      .innerJoin('currency', 'currency.id', 'paymentOrder.currencyId')
      .select(['paymentOrder.orderNo', 'paymentOrder.amount', 'currency.symbol'])
      .where('paymentOrder.orgId', '=', server.orgIds.proA)
      .where('paymentOrder.chainId', '=', ETH_CHAIN)
      .where('paymentOrder.status', '=', 'paid')
      .where('currency.symbol', '=', 'USDT')
      // One no refund has touched yet (the seed refunds some).
      .where(({ not, exists, selectFrom }) =>
        not(exists(selectFrom('movement').select('movement.id').whereRef('movement.orderId', '=', 'paymentOrder.id'))),
      )
      .orderBy('paymentOrder.id')
      .executeTakeFirstOrThrow();
    const cold = wallets['Aurora cold'];
    const refund = { walletId: cold, kind: 'refund', orderNo: order.orderNo, to: OUTSIDE, amount: order.amount, symbol: 'USDT', memo: '' };
    const first = await sign.start('merchantProManager', refund);
    expect(first, JSON.stringify(first)).toMatchObject({ code: 200 });
    expect(await sign.start('merchantProManager', { ...refund, amount: '0.01' })).toMatchObject({
      code: 400,
      data: { amount: 'More than is left to refund on this order (0).' },
    });
    // Denied, it returned nothing: the order can be refunded again.
    await sign.act('merchantProFinance', 'deny', first.data.proposalId);
    const again = await sign.start('merchantProManager', refund);
    expect(again.code).toBe(200);
    await clearQueue(cold, 'merchantProManager');
  });
});

describe('who may start is who may move', () => {
  const hotWithdraw = () => ({
    walletId: wallets['Aurora TRON hot'],
    kind: 'withdraw',
    to: demoTronAddress('payee'),
    amount: '20',
    symbol: 'USDT',
    memo: '',
  });
  it.each([
    { account: 'merchantProEmployee', code: 403 },
    { account: 'operatorEmployee', code: 403 },
    { account: 'agentEmployee', code: 403 },
    { account: 'agentManager', code: 403 },
    { account: 'superAdmin', code: 400 },
  ])('$account cannot put a withdrawal into a merchant’s queue (as movement/save refuses it)', async ({ account, code }) => {
    const hot = wallets['Aurora TRON hot'];
    const queued = await queueLength(hot);
    const viaSign = await call(account, 'POST', ApiPath.sign.start, { body: hotWithdraw() });
    const viaMovement = await call(account, 'POST', ApiPath.movement.save, { body: hotWithdraw() });
    expect([viaSign.code, viaMovement.code]).toEqual([code, code]);
    expect(await queueLength(hot)).toBe(queued);
  });

  it('a transfer from another org’s wallet is refused to the operator row and the agent, even though they see it', async () => {
    const hot = wallets['Aurora TRON hot'];
    const queued = await queueLength(hot);
    const body = { walletId: hot, kind: 'transfer', to: demoTronAddress('payee'), amount: '20', symbol: 'USDT', memo: '' };
    for (const account of ['superAdmin', 'agentManager']) {
      const res = await call(account, 'POST', ApiPath.sign.start, { body });
      expect([400, 403], account).toContain(res.code);
    }
    expect(await queueLength(hot)).toBe(queued);
  });
});

describe('the lite tier', () => {
  it('a movement out of a lite 2-of-2 multisig wallet is a proposal: one employee moves nothing alone', async () => {
    // A hot 2-of-2 the lite tier has no contract kind for (the API refuses another tier's kind), written
    // straight into the table: whatever a lite org's multisig wallet is, one employee moves nothing alone.
    const walletId = await insertMultisig(server, {
      orgId: server.orgIds.liteC,
      kind: 'MultiSigHot',
      label: 'Cedar 2-of-2',
      threshold: 2,
      signers: ['merchantLiteManager', 'merchantLiteEmployee'],
      funds: { USDT: '500', ETH: '0.1' },
    });

    const moved = await call<MovementRecord>('merchantLiteEmployee', 'POST', ApiPath.movement.save, {
      body: { kind: 'transfer', walletId, to: OUTSIDE, amount: '500', symbol: 'USDT', memo: '' },
    });
    expect(moved).toMatchObject({ code: 200, data: { status: 'pending', txHash: null } });
    expect(await balanceOf(server, walletId, 'USDT')).toBe('500');
    const proposalId = moved.data.proposalId!;
    expect(await sign.act('merchantLiteEmployee', 'confirm', proposalId)).toMatchObject({ code: 409 });
    expect((await sign.act('merchantLiteManager', 'approval', proposalId)).data.status).toBe('approved');
    expect((await sign.act('merchantLiteEmployee', 'confirm', proposalId)).data.status).toBe('executed');
    expect(units(await balanceOf(server, walletId, 'USDT'))).toBe(0n);
  });
});

describe('disabled means stopped', () => {
  const setCurrency = async (symbol: string, chainId: number, enabled: boolean) => {
    const { id } = await server.app.context.db
      .selectFrom('currency')
      .select('id')
      .where('symbol', '=', symbol)
      .where('chainId', '=', chainId)
      .executeTakeFirstOrThrow();
    expect((await call('superAdmin', 'POST', ApiPath.currency.update, { body: { id, enabled } })).code).toBe(200);
  };
  const setChain = async (chainId: number, enabled: boolean) => {
    const { id } = await server.app.context.db.selectFrom('chain').select('id').where('chainId', '=', chainId).executeTakeFirstOrThrow();
    expect((await call('superAdmin', 'POST', ApiPath.chain.update, { body: { id, enabled } })).code).toBe(200);
  };

  it('a disabled currency: no movement, no start, no confirm; open proposals wait and run once it is enabled', async () => {
    const cold = wallets['Aurora cold'];
    const usdtTransfer = transfer(cold, { symbol: 'USDT', amount: '10' });
    const waiting = await sign.start('merchantProManager', usdtTransfer);
    await sign.act('merchantProFinance', 'approval', waiting.data.proposalId);
    const before = { cold: await balanceOf(server, cold, 'USDT'), deposits: await balanceOf(server, wallets['Aurora deposits'], 'USDT') };

    await setCurrency('USDT', ETH_CHAIN, false);
    const direct = await call('merchantProFinance', 'POST', ApiPath.movement.save, {
      body: { ...usdtTransfer, walletId: wallets['Aurora deposits'] },
    });
    expect(direct).toMatchObject({ code: 409, msg: 'USDT is disabled on this chain: no money moves in it until it is enabled again.' });
    expect(await sign.start('merchantProManager', usdtTransfer)).toMatchObject({ code: 409 });
    expect(await sign.act('merchantProFinance', 'confirm', waiting.data.proposalId)).toMatchObject({
      code: 409,
      msg: expect.stringContaining('USDT is disabled'),
    });
    expect((await sign.detail('merchantProManager', waiting.data.proposalId)).data.status).toBe('approved');
    expect({ cold: await balanceOf(server, cold, 'USDT'), deposits: await balanceOf(server, wallets['Aurora deposits'], 'USDT') }).toEqual(
      before,
    );

    await setCurrency('USDT', ETH_CHAIN, true);
    expect((await sign.act('merchantProFinance', 'confirm', waiting.data.proposalId)).data.status).toBe('executed');
  });

  it('a disabled chain: the same, naming the chain', async () => {
    const hot = wallets['Aurora TRON hot'];
    await clearQueue(hot, 'merchantProManager');
    const body = { walletId: hot, kind: 'transfer', to: demoTronAddress('tron payee'), amount: '10', symbol: 'TRX', memo: '' };
    const waiting = await sign.start('merchantProFinance', body);
    await sign.act('merchantProManager', 'approval', waiting.data.proposalId);
    const trx = await balanceOf(server, hot, 'TRX');

    await setChain(TRON_CHAIN, false);
    expect(await sign.start('merchantProFinance', body)).toMatchObject({
      code: 409,
      msg: expect.stringMatching(/^The chain .+ is disabled/),
    });
    expect(await sign.act('merchantProFinance', 'confirm', waiting.data.proposalId)).toMatchObject({
      code: 409,
      msg: expect.stringMatching(/^The chain .+ is disabled/),
    });
    const governance = await sign.start('merchantProFinance', {
      walletId: hot,
      kind: 'governance',
      signers: [users.merchantProManager, users.merchantProFinance],
      threshold: 2,
      memo: '',
    });
    expect(governance.code).toBe(409);
    expect(await balanceOf(server, hot, 'TRX')).toBe(trx);

    await setChain(TRON_CHAIN, true);
    expect((await sign.act('merchantProFinance', 'confirm', waiting.data.proposalId)).data.status).toBe('executed');
  });
});

describe('fees', () => {
  it('a withdrawal out of a multisig wallet charges the currency’s fee, like one out of a hot wallet', async () => {
    const { db } = server.app.context;
    const tronUsdt = await db
      .selectFrom('currency')
      .select('withdrawFee')
      .where('chainId', '=', TRON_CHAIN)
      .where('symbol', '=', 'USDT')
      .executeTakeFirstOrThrow();
    const hot = wallets['Aurora TRON hot'];
    await clearQueue(hot, 'merchantProManager');
    const before = await balanceOf(server, hot, 'USDT');
    const body = { walletId: hot, kind: 'withdraw', to: demoTronAddress('fee payee'), amount: '100', symbol: 'USDT', memo: '' };
    const started = await sign.start('merchantProFinance', body);
    expect((await sign.detail('merchantProManager', started.data.proposalId)).data.fee).toBe(tronUsdt.withdrawFee);
    await sign.act('merchantProManager', 'approval', started.data.proposalId);
    expect((await sign.act('merchantProManager', 'confirm', started.data.proposalId)).data.status).toBe('executed');
    expect(units(await balanceOf(server, hot, 'USDT'))).toBe(units(before) - units('100') - units(tronUsdt.withdrawFee));

    const direct = await call<MovementRecord>('multiOrg', 'POST', ApiPath.movement.save, {
      orgId: server.orgIds.proDirect,
      body: { ...body, walletId: wallets['Delta TRON deposits'] },
    });
    expect(direct).toMatchObject({ code: 200, data: { fee: tronUsdt.withdrawFee } });
  });
});
