import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Address } from 'viem';
import type { TestServer } from './harness';
import { balanceOf, chainHoldingOf, currencyIdOf, ETH_CHAIN, TOKEN_GAS, TRON_CHAIN } from './signSupport';
import { collectables } from '../../server/modules/orderSweep/waiting';
import { recordSweepTransfer } from '../../server/modules/orderSweep/transfer';
import { runOutflow } from '../../server/modules/outflow/runOutflow';
import { resumeOutflows } from '../../server/modules/outflow/resume';
import { startDepositServer } from './chainSupport';
import { devnetAccount, type Devnet } from '../../server/chain/evm/devnet';
import { ApiPath } from '../../src/contract/apiPaths';
import { BodyCode } from '../../src/contract/envelope';
import { expectBalanced, ok, orderPayer, walletAt as walletAtAddress } from './orderSupport';
import { ORDER_DEPOSIT_KIND } from '../../src/contract/merchantOrder';
import type { CheckoutOrder } from '../../src/contract/schemas/checkout';
import type { SweepPendingView, SweepRunView } from '../../src/contract/schemas/orderSweep';

// Collecting order payments (docs/payments.md "Collecting order payments"): what arrived at a
// merchant's order addresses moves into its hot wallet through the intent log, the gas topped up from
// the platform's wallet; on chain and in the books the money is where they both say, and only the
// org's own money staff can make it move, once.
let server: TestServer;
let devnet: Devnet;
let usdt: { id: number; contractAddress: Address; decimals: number };
const payer = devnetAccount('a payer whose payments are collected');
const MANAGER = 'merchantProManager';

/** An order of proA's through a pay link of its own, paid with `paid` USDT on the devnet and booked. */
let paidOrder: ReturnType<typeof orderPayer>;

beforeAll(async () => {
  ({ server, devnet, usdt } = await startDepositServer(payer.address));
  paidOrder = orderPayer({ server, devnet, usdt, payer }, 'sweep-link');
}, 120_000);
afterAll(() => server?.close());

const walletAt = (address: string) => walletAtAddress(server, address);
const hotWallet = () =>
  server.db
    .selectFrom('chainWallet')
    .select(['id', 'address'])
    .where('orgId', '=', server.orgIds.proA)
    .where('chainId', '=', ETH_CHAIN)
    .where('kind', '=', 'Hot')
    .orderBy('id')
    .executeTakeFirstOrThrow();
const pending = (account = MANAGER) => server.as(account).call<SweepPendingView>('GET', ApiPath.orderSweep.pending);
const run = (account = MANAGER, body: Record<string, unknown> = { chainId: ETH_CHAIN }) =>
  server.as(account).call<SweepRunView>('POST', ApiPath.orderSweep.run, { body });
const usdtWaiting = async (account = MANAGER) =>
  ok(await pending(account)).list.find((row) => row.chainId === ETH_CHAIN && row.symbol === 'USDT');
const balanced = () => expectBalanced(server);

describe('collecting order payments', () => {
  it('moves what an order address holds into the hot wallet, its gas from the platform, on chain and in the books', async () => {
    const order = await paidOrder('25');
    const deposit = await walletAt(order.depositAddress);
    expect(deposit).toMatchObject({ orgId: server.orgIds.proA, kind: ORDER_DEPOSIT_KIND });
    const hot = await hotWallet();
    expect(await usdtWaiting()).toMatchObject({ addresses: expect.any(Number), into: { walletId: hot.id, address: hot.address } });
    const hotBefore = await balanceOf(server, hot.id, 'USDT');
    const hotOnChainBefore = await chainHoldingOf(server, ETH_CHAIN, hot.address, 'USDT');

    const answer = ok(await run());
    expect(answer).toMatchObject({ failed: 0, sending: 0, remaining: 0, reasons: [] });
    expect(answer.collected).toBeGreaterThanOrEqual(1);

    // The order's address holds no USDT any more, on chain and in the books; the hot wallet has it.
    expect(await balanceOf(server, deposit.id, 'USDT')).toBe('0');
    expect(await chainHoldingOf(server, ETH_CHAIN, order.depositAddress, 'USDT')).toBe('0');
    expect(Number(await balanceOf(server, hot.id, 'USDT')) - Number(hotBefore)).toBeGreaterThanOrEqual(25);
    expect(Number(await chainHoldingOf(server, ETH_CHAIN, hot.address, 'USDT')) - Number(hotOnChainBefore)).toBeGreaterThanOrEqual(25);
    // Two transfers for it: the platform's gas top-up into the address, and the collection, each executed with its chain hash.
    const movements = await server.db
      .selectFrom('movement')
      .select(['walletId', 'toAddress', 'symbol', 'amount', 'status', 'txHash', 'memo'])
      .where('id', 'in', answer.movementIds)
      .where((eb) => eb.or([eb('walletId', '=', deposit.id), eb('toAddress', '=', order.depositAddress)]))
      .orderBy('id')
      .execute();
    expect(movements).toEqual([
      expect.objectContaining({
        toAddress: order.depositAddress,
        symbol: 'ETH',
        status: 'executed',
        memo: expect.stringContaining(order.orderNo),
      }),
      expect.objectContaining({ walletId: deposit.id, toAddress: hot.address, symbol: 'USDT', amount: '25', status: 'executed' }),
    ]);
    for (const m of movements) expect(m.txHash).toMatch(/^0x[0-9a-f]{64}$/);
    // The order stays paid: what arrived decides its state, not what is left at the address.
    expect(ok(await server.call<CheckoutOrder>('GET', ApiPath.checkout.order.replace('{code}', order.checkoutCode))).state).toBe('paid');
    // Nothing waits any more; a second run finds nothing to do.
    expect(await usdtWaiting()).toBeUndefined();
    expect(ok(await run())).toMatchObject({ collected: 0, failed: 0, movementIds: [] });
    await balanced();
  });

  it('two runs at once collect each address once', async () => {
    const orders = [await paidOrder('3'), await paidOrder('4')];
    const hot = await hotWallet();
    const before = await balanceOf(server, hot.id, 'USDT');
    const answers = (await Promise.all([run(), run()])).map(ok);
    expect(answers.reduce((n, a) => n + a.collected, 0)).toBe(2);
    expect(Number(await balanceOf(server, hot.id, 'USDT')) - Number(before)).toBe(7);
    for (const order of orders) expect(await chainHoldingOf(server, ETH_CHAIN, order.depositAddress, 'USDT')).toBe('0');
    await balanced();
  });

  it('an underpaid order’s part is collected too, and the order still says what is missing', async () => {
    const order = await paidOrder('10', '4');
    expect(ok(await run()).collected).toBeGreaterThanOrEqual(1);
    expect(await chainHoldingOf(server, ETH_CHAIN, order.depositAddress, 'USDT')).toBe('0');
    expect(ok(await server.call<CheckoutOrder>('GET', ApiPath.checkout.order.replace('{code}', order.checkoutCode)))).toMatchObject({
      state: 'underpaid',
      received: '4',
      missing: '6',
    });
    await balanced();
  });
});

describe('on a simulated chain (TRON)', () => {
  it('a simulated payment is collected in the books, the gas from the platform’s TRON wallet, balanced', async () => {
    const tronUsdt = { id: await currencyIdOf(server, TRON_CHAIN, 'USDT') };
    const code = 'sweep-tron';
    await server.db
      .insertInto('payLink')
      .values({ orgId: server.orgIds.proA, code, title: code, currencyId: tronUsdt.id, amount: '15', enabled: true })
      .execute();
    const { checkoutCode } = ok(
      await server.call<{ checkoutCode: string }>('POST', ApiPath.checkout.payLinkOrder.replace('{code}', code), { body: {} }),
    );
    ok(await server.call('POST', ApiPath.checkout.simulatePayment.replace('{code}', checkoutCode), { body: { amount: '15' } }));
    const order = ok(await server.call<CheckoutOrder>('GET', ApiPath.checkout.order.replace('{code}', checkoutCode)));
    expect(order.state).toBe('paid');
    const deposit = await walletAt(order.depositAddress);
    // No hot wallet of proA on TRON yet: said in words, and the money stays where it was.
    const refused = await run(MANAGER, { chainId: TRON_CHAIN });
    expect(refused).toMatchObject({ code: BodyCode.conflict, msg: expect.stringMatching(/no Hot wallet on TRON/) });
    expect(await balanceOf(server, deposit.id, 'USDT')).toBe('15');
    const hot = ok(
      await server.as(MANAGER).call<{ id: number }>('POST', ApiPath.chainWallet.save, {
        body: {
          chainId: TRON_CHAIN,
          orgId: server.orgIds.proA,
          kind: 'Hot',
          address: 'TJCnKsPa7y5okkXvQAidZBzqx3QyQ6sxMW',
          label: 'TRON hot',
        },
      }),
    );
    const answer = ok(await run(MANAGER, { chainId: TRON_CHAIN }));
    expect(answer).toMatchObject({ collected: 1, failed: 0 });
    expect(await balanceOf(server, deposit.id, 'USDT')).toBe('0');
    expect(await balanceOf(server, hot.id, 'USDT')).toBe('15');
    await balanced();
  });
});

describe('a run that stopped halfway', () => {
  const leaseToken = 'a run that stopped';
  const transferOf = async (order: CheckoutOrder, part: 'gas' | 'collect') => {
    const [item] = (await collectables(server.db, server.orgIds.proA, ETH_CHAIN)).filter((c) => c.address === order.depositAddress);
    if (!item) throw new Error('the order address holds nothing to collect');
    const { id: platformWallet } = await server.db
      .selectFrom('chainWallet')
      .innerJoin('org', 'org.id', 'chainWallet.orgId')
      .select(['chainWallet.id', 'chainWallet.orgId'])
      .where('org.tenantType', '=', 0)
      .where('chainWallet.chainId', '=', ETH_CHAIN)
      .where('chainWallet.kind', '=', 'Hot')
      .orderBy('chainWallet.id')
      .executeTakeFirstOrThrow();
    const eth = { id: await currencyIdOf(server, ETH_CHAIN, 'ETH') };
    const base = { chainId: ETH_CHAIN, family: 'evm', createdBy: 1, memo: part };
    const transfer =
      part === 'gas'
        ? { ...base, walletId: platformWallet, currencyId: eth.id, symbol: 'ETH', amount: TOKEN_GAS, to: order.depositAddress }
        : {
            ...base,
            walletId: item.walletId,
            orgId: item.orgId,
            currencyId: item.currencyId,
            symbol: 'USDT',
            amount: item.amount,
            to: (await hotWallet()).address,
          };
    const { orgId } = await server.db
      .selectFrom('chainWallet')
      .select('orgId')
      .where('id', '=', transfer.walletId)
      .executeTakeFirstOrThrow();
    const { context } = server.app;
    return context.db
      .transaction()
      .execute((trx) => recordSweepTransfer(trx, { ...transfer, orgId }, { chains: context.chains, leaseToken, now: context.now() }));
  };
  const resume = () => {
    const { db, chains } = server.app.context;
    // The stopped run's lease has run out when the resume looks (its clock past the lease).
    return resumeOutflows({ db, chains, now: () => new Date(server.now().getTime() + 60_000) }, (_owner, error) => {
      throw error;
    });
  };

  it('stopped after the gas top-up was booked: the next run collects without a second top-up', async () => {
    const order = await paidOrder('8');
    const gas = await transferOf(order, 'gas');
    await runOutflow(
      { db: server.db, chains: server.app.context.chains, now: () => server.now(), leaseToken },
      { movementId: gas.movementId },
    );
    const answer = ok(await run());
    const moved = await server.db.selectFrom('movement').select(['symbol', 'toAddress']).where('id', 'in', answer.movementIds).execute();
    expect(moved.filter((m) => m.toAddress === order.depositAddress)).toEqual([]);
    expect(await chainHoldingOf(server, ETH_CHAIN, order.depositAddress, 'USDT')).toBe('0');
    await balanced();
  });

  it('stopped after the collection was recorded, before it was sent: a run leaves it alone, the resume sends it once', async () => {
    const order = await paidOrder('9');
    const hot = await hotWallet();
    const gas = await transferOf(order, 'gas');
    await runOutflow(
      { db: server.db, chains: server.app.context.chains, now: () => server.now(), leaseToken },
      { movementId: gas.movementId },
    );
    const before = await balanceOf(server, hot.id, 'USDT');
    const collect = await transferOf(order, 'collect');
    // What it holds is on its way out: the run neither lists it nor moves it again.
    expect(ok(await pending()).list.some((row) => row.symbol === 'USDT' && row.amount === '9')).toBe(false);
    expect(ok(await run()).movementIds).toEqual([]);
    expect(await chainHoldingOf(server, ETH_CHAIN, order.depositAddress, 'USDT')).toBe('9');
    expect(await resume()).toBeGreaterThanOrEqual(1);
    expect(await server.db.selectFrom('movement').select('status').where('id', '=', collect.movementId).executeTakeFirstOrThrow()).toEqual({
      status: 'executed',
    });
    expect(await chainHoldingOf(server, ETH_CHAIN, order.depositAddress, 'USDT')).toBe('0');
    expect(Number(await balanceOf(server, hot.id, 'USDT')) - Number(before)).toBe(9);
    await balanced();
  });
});

describe('who may collect, and whose money', () => {
  it('another merchant org’s manager sees none of it and collects nothing of it', async () => {
    const order = await paidOrder('6');
    const other = 'merchantStdManager';
    expect(ok(await pending(other)).list.some((row) => row.amount === '6')).toBe(false);
    // Its own org (Birch, a hot wallet on the chain, no order addresses with money): nothing to collect — never proA's money.
    expect(ok(await run(other))).toMatchObject({ collected: 0, failed: 0, movementIds: [] });
    expect(await chainHoldingOf(server, ETH_CHAIN, order.depositAddress, 'USDT')).toBe('6');
    ok(await run());
    expect(await chainHoldingOf(server, ETH_CHAIN, order.depositAddress, 'USDT')).toBe('0');
  });

  it('roles without the action are refused (403) and nothing moves', async () => {
    const order = await paidOrder('2');
    for (const account of ['merchantProEmployee', 'agentManager', 'superAdmin']) {
      expect((await pending(account)).code).toBe(BodyCode.forbidden);
      expect((await run(account)).code).toBe(BodyCode.forbidden);
    }
    expect(await chainHoldingOf(server, ETH_CHAIN, order.depositAddress, 'USDT')).toBe('2');
    ok(await run());
  });

  it('a run replayed with its Idempotency-Key answers the first run and collects nothing more', async () => {
    const first = await paidOrder('8');
    const headers = { 'idempotency-key': `sweep-replay-${first.orderNo}` };
    const answer = ok(
      await server.as(MANAGER).call<SweepRunView>('POST', ApiPath.orderSweep.run, { body: { chainId: ETH_CHAIN }, headers }),
    );
    expect(answer.collected).toBeGreaterThanOrEqual(1);
    const later = await paidOrder('9');
    const replayed = ok(
      await server.as(MANAGER).call<SweepRunView>('POST', ApiPath.orderSweep.run, { body: { chainId: ETH_CHAIN }, headers }),
    );
    expect(replayed).toEqual(answer);
    // The replay moved nothing: the later order's money is still at its address, until a run of its own.
    expect(await chainHoldingOf(server, ETH_CHAIN, later.depositAddress, 'USDT')).toBe('9');
    expect(ok(await run()).collected).toBeGreaterThanOrEqual(1);
    expect(await chainHoldingOf(server, ETH_CHAIN, later.depositAddress, 'USDT')).toBe('0');
    await balanced();
  });

  it('bad input is a 400 naming the field, and moves nothing', async () => {
    for (const body of [{}, { chainId: 'one' }, { chainId: -1 }, { chainId: 999_999 }]) {
      const answer = await run(MANAGER, body);
      expect(answer.code).toBe(BodyCode.badRequest);
      expect(answer.data).toHaveProperty('chainId');
    }
  });
});
