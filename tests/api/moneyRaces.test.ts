import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { type TestServer } from './harness';
import { devnetAccount } from '../../server/chain/evm/devnet';
import { demoEvmAddress } from '../../server/db/seed/wallets';
import { payOnChain, readChainUpTo } from './chainSupport';
import {
  balanceOf,
  chainBalanceOf,
  chainHoldingOf,
  currencyIdOf,
  ETH_CHAIN,
  fromUnits,
  fund,
  proposalLedger,
  startSignServer,
  units,
  userIdsByAccount,
  type SignClient,
} from './signSupport';
import { ApiPath } from '../../src/contract/apiPaths';
import type { MovementRecord } from '../../src/contract/schemas/movement';
import type { OrderRepairView } from '../../src/contract/schemas/orderRepair';

/**
 * Writers run side by side at READ COMMITTED: no global lock serialises them any more (docs/ledger.md
 * "Writers side by side: what keeps money rules whole"). Each test is a race a dishonest insider would
 * run against a money rule — the same request twice at once, from one account or two, or a request
 * racing the change that takes their right away — repeated a few rounds so that the requests cross.
 * On PostgreSQL with TEST_INSTANCES=2 the racing calls alternate between two instances on one database.
 */
let server: TestServer, sign: SignClient, wallets: Record<string, number>;
let users: Record<string, number>;
const OUTSIDE = demoEvmAddress('race accomplice');
const ROUNDS = 4;

beforeAll(async () => {
  ({ server, sign, wallets } = await startSignServer());
  users = await userIdsByAccount(server);
  // Signed in first, so the racing calls are not spread out by password hashing.
  for (const account of ['superAdmin', 'operatorEmployee', 'merchantProManager', 'merchantProFinance', 'merchantProEmployee'])
    await sign.token(account);
});
afterAll(() => server?.close());

const expectBooksWhole = async () =>
  expect((await server.as('superAdmin').verifyLedger()).data).toMatchObject({ balanced: true, breaks: [] });
const save = (account: string, body: Record<string, unknown>) =>
  server.as(account).call<MovementRecord>('POST', ApiPath.movement.save, { body });
const movementsOf = async (walletId: number) =>
  Number(
    (
      await server.db
        .selectFrom('movement')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('walletId', '=', walletId)
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('two withdrawals at once from a hot wallet that covers one', () => {
  it('on a chain that moves it (the devnet): one is sent, the other refused; the books, the chain and the verify agree', async () => {
    const wallet = wallets['Aurora deposits'];
    const usdt = await currencyIdOf(server, ETH_CHAIN, 'USDT');
    for (let round = 0; round < ROUNDS; round += 1) {
      await fund(server, wallet, usdt, '40');
      const held = await balanceOf(server, wallet, 'USDT');
      // amount + fee (2) fits once and not twice: 1 USDT is left after the winner.
      const amount = fromUnits(units(held) - units('3'));
      const [outsideBefore, movementsBefore] = [await chainHoldingOf(server, ETH_CHAIN, OUTSIDE, 'USDT'), await movementsOf(wallet)];
      const body = { kind: 'withdraw', walletId: wallet, to: OUTSIDE, symbol: 'USDT', amount, memo: `race ${round}` };
      const results = await Promise.all([save('merchantProFinance', body), save('merchantProManager', body)]);
      const winners = results.filter((r) => r.code === 200);
      expect(winners, JSON.stringify(results)).toHaveLength(1);
      expect(winners[0].data).toMatchObject({ status: 'executed', amount });
      const [loser] = results.filter((r) => r.code !== 200);
      expect(loser).toMatchObject({ code: 400, data: { amount: expect.stringContaining('More than the wallet holds') } });
      expect(units(await balanceOf(server, wallet, 'USDT'))).toBe(units('1'));
      expect(units(await chainBalanceOf(server, wallet, 'USDT'))).toBe(units('1'));
      expect(units(await chainHoldingOf(server, ETH_CHAIN, OUTSIDE, 'USDT'))).toBe(units(outsideBefore) + units(amount));
      expect(await movementsOf(wallet)).toBe(movementsBefore + 1);
    }
    await expectBooksWhole();
  }, 300_000);

  it('on a simulated chain (booked at once): one is executed, the other refused, nothing overdrawn', async () => {
    const wallet = wallets['Delta TRON deposits'];
    const { orgId } = await server.db.selectFrom('chainWallet').select('orgId').where('id', '=', wallet).executeTakeFirstOrThrow();
    const trx = await currencyIdOf(server, 728126428, 'TRX');
    const withdraw = (amount: string) => () =>
      server.as('multiOrg').call<MovementRecord>('POST', ApiPath.movement.save, {
        orgId,
        body: { kind: 'withdraw', walletId: wallet, to: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t', symbol: 'TRX', amount, memo: 'race' },
      });
    for (let round = 0; round < ROUNDS; round += 1) {
      await fund(server, wallet, trx, '100');
      const held = await balanceOf(server, wallet, 'TRX');
      // amount + fee (1) + gas (0.3) fits once: 1.7 TRX is left after the winner.
      const amount = fromUnits(units(held) - units('3'));
      const results = await Promise.all([withdraw(amount)(), withdraw(amount)()]);
      expect(results.map((r) => r.code).sort(), JSON.stringify(results)).toEqual([200, 400]);
      expect(units(await balanceOf(server, wallet, 'TRX'))).toBe(units('1.7'));
    }
    await expectBooksWhole();
  }, 120_000);
});

describe('two re-credits of one order at once', () => {
  const reason = 'Paid on chain, confirmed by support.';
  const recredit = (account: string, orderId: number, txHash: string) =>
    server.as(account).call<OrderRepairView>('POST', ApiPath.orderRepair.recredit, { body: { orderId, txHash, reason } });
  let seq = 0;
  /** An expired USDT order of Aurora Pay on Ethereum at a deposit wallet of its own (or the one given), paid on chain late. */
  async function latePaidOrder(amount: string, depositAddress?: string) {
    seq += 1;
    const address = depositAddress ?? devnetAccount(`race deposits ${seq}`).address;
    if (!depositAddress)
      await server.db
        .insertInto('chainWallet')
        .values({ chainId: ETH_CHAIN, orgId: server.orgIds.proA, kind: 'Hot', address, label: `Race deposits ${seq}`, threshold: null })
        .execute();
    const order = await server.db
      .insertInto('paymentOrder')
      .values({
        orderNo: `RACE${seq}`,
        orgId: server.orgIds.proA,
        kind: 'payment',
        chainId: ETH_CHAIN,
        currencyId: await currencyIdOf(server, ETH_CHAIN, 'USDT'),
        amount,
        fee: '0',
        status: 'expired',
        depositAddress: address,
        createdAt: new Date(Date.now() - 86_400_000),
      })
      .returning(['id', 'orderNo', 'depositAddress'])
      .executeTakeFirstOrThrow();
    return order;
  }
  const creditsOf = (orderId: number) =>
    server.db
      .selectFrom('ledgerEntry')
      .select(['walletId', 'delta'])
      .where('orderId', '=', orderId)
      .where('reason', '=', 'payment')
      .execute();

  it('by two operators, or one operator twice: credited once, the other refused as already paid', async () => {
    for (let round = 0; round < ROUNDS; round += 1) {
      const order = await latePaidOrder('11');
      const paid = await payOnChain(server, ETH_CHAIN, order.depositAddress, 'USDT', '11', devnetAccount(`race payer ${round}`).address);
      await readChainUpTo(server, ETH_CHAIN, paid.blockNumber);
      const pair = round % 2 === 0 ? (['superAdmin', 'operatorEmployee'] as const) : (['superAdmin', 'superAdmin'] as const);
      const results = await Promise.all(pair.map((account) => recredit(account, order.id, paid.txHash)));
      expect(results.map((r) => r.code).sort(), JSON.stringify(results)).toEqual([200, 409]);
      expect(results.find((r) => r.code === 409)!.msg).toBe('This order is already paid; there is nothing to credit.');
      expect(await creditsOf(order.id)).toHaveLength(1);
      expect((await server.db.selectFrom('orderRepair').select('id').where('orderId', '=', order.id).execute()).length).toBe(1);
    }
    await expectBooksWhole();
  }, 300_000);

  it('two orders at one address, one payment: it pays one of them, the other is told which', async () => {
    for (let round = 0; round < ROUNDS; round += 1) {
      const first = await latePaidOrder('13');
      const second = await latePaidOrder('13', first.depositAddress);
      const paid = await payOnChain(
        server,
        ETH_CHAIN,
        first.depositAddress,
        'USDT',
        '13',
        devnetAccount(`race payer of two ${round}`).address,
      );
      await readChainUpTo(server, ETH_CHAIN, paid.blockNumber);
      const results = await Promise.all([
        recredit('superAdmin', first.id, paid.txHash),
        recredit('operatorEmployee', second.id, paid.txHash),
      ]);
      expect(results.map((r) => r.code).sort(), JSON.stringify(results)).toEqual([200, 409]);
      const winner = results.find((r) => r.code === 200)!;
      expect(results.find((r) => r.code === 409)).toMatchObject({
        msg: `This transaction already paid order ${winner.data.order.orderNo}.`,
        data: { txHash: 'Already in use.' },
      });
      expect([...(await creditsOf(first.id)), ...(await creditsOf(second.id))]).toHaveLength(1);
    }
    await expectBooksWhole();
  }, 300_000);

  it('when both pass the check before either commits, the unique index refuses the second, answered as the check would', async () => {
    const first = await latePaidOrder('17');
    const second = await latePaidOrder('17', first.depositAddress);
    const paid = await payOnChain(server, ETH_CHAIN, first.depositAddress, 'USDT', '17', devnetAccount('payer of the forced race').address);
    await readChainUpTo(server, ETH_CHAIN, paid.blockNumber);
    const wallet = (
      await server.db.selectFrom('chainWallet').select('id').where('address', '=', first.depositAddress).executeTakeFirstOrThrow()
    ).id;
    const waiting = async () =>
      (await sql<{ n: number }>`select count(*)::int as n from pg_locks where not granted`.execute(server.db)).rows[0].n;
    // On PostgreSQL the test holds the wallet's balance row: the first credit marks its order paid, then
    // waits to book; the second passes the check (the first has not committed) and waits on the index.
    // PGlite has one connection: there the credits simply run one after the other.
    const results =
      server.database.kind === 'postgres'
        ? await server.db.transaction().execute(async (trx) => {
            await sql`select 1 from wallet_balance where wallet_id = ${wallet} for update`.execute(trx);
            const one = recredit('superAdmin', first.id, paid.txHash);
            await expect.poll(waiting, { timeout: 30_000 }).toBe(1);
            const two = recredit('operatorEmployee', second.id, paid.txHash);
            await expect.poll(waiting, { timeout: 30_000 }).toBe(2);
            return [one, two];
          })
        : [recredit('superAdmin', first.id, paid.txHash), recredit('operatorEmployee', second.id, paid.txHash)];
    const [one, two] = await Promise.all(results);
    expect(one.code, JSON.stringify(one)).toBe(200);
    expect(two).toMatchObject({
      code: 409,
      msg: `This transaction already paid order ${first.orderNo}.`,
      data: { txHash: 'Already in use.' },
    });
    expect([...(await creditsOf(first.id)), ...(await creditsOf(second.id))]).toHaveLength(1);
    await expectBooksWhole();
  }, 120_000);
});

describe('one multisig proposal confirmed or approved twice at once', () => {
  const cold = () => wallets['Aurora cold'];
  const transfer = (amount: string) => ({ walletId: cold(), kind: 'transfer', to: OUTSIDE, amount, symbol: 'ETH', memo: 'race' });
  const actionsOf = async (proposalId: number) =>
    (await sign.logs('merchantProManager', { proposalId })).data.list.map((l) => l.action).sort();

  it('two confirms (two signers, or one signer twice): executed once on chain and in the books', async () => {
    for (let round = 0; round < ROUNDS; round += 1) {
      // Started and signed by the manager, approved by finance: 2 of 2, ready to execute.
      const started = await sign.start('merchantProManager', transfer('0.5'));
      expect(started.code).toBe(200);
      const id = started.data.proposalId;
      expect((await sign.act('merchantProFinance', 'approval', id)).code).toBe(200);
      const [booksBefore, outsideBefore] = [
        await balanceOf(server, cold(), 'ETH'),
        await chainHoldingOf(server, ETH_CHAIN, OUTSIDE, 'ETH'),
      ];
      const confirmers = round % 2 === 0 ? ['merchantProFinance', 'merchantProEmployee'] : ['merchantProEmployee', 'merchantProEmployee'];
      const results = await Promise.all(confirmers.map((account) => sign.act(account, 'confirm', id)));
      expect(results.map((r) => r.code).sort(), JSON.stringify(results)).toEqual([200, 409]);
      expect(results.find((r) => r.code === 200)!.data.status).toBe('executed');
      expect([
        'This proposal is already executed; nothing more can be done with it.',
        "This proposal's execution is on its way to the chain: it is booked as soon as the chain has it. Nothing else can act on it meanwhile.",
      ]).toContain(results.find((r) => r.code === 409)!.msg);
      expect(await proposalLedger(server, id)).toHaveLength(1);
      expect(units(await balanceOf(server, cold(), 'ETH'))).toBe(units(booksBefore) - units('0.5'));
      expect(units(await chainHoldingOf(server, ETH_CHAIN, OUTSIDE, 'ETH'))).toBe(units(outsideBefore) + units('0.5'));
      expect(units(await chainBalanceOf(server, cold(), 'ETH'))).toBe(units(await balanceOf(server, cold(), 'ETH')));
      expect(await actionsOf(id)).toEqual(['approval', 'approval', 'confirm', 'start']);
    }
    await expectBooksWhole();
  }, 300_000);

  it('two approvals by the same signer at once count once', async () => {
    for (let round = 0; round < ROUNDS; round += 1) {
      // Unsigned: on a Safe starting is not approving, so the proposal waits with 0 of 2.
      const started = await sign.startUnsigned('merchantProManager', transfer('0.01'));
      expect(started.code).toBe(200);
      const id = started.data.proposalId;
      // Signed before the race, so both requests are in flight at once.
      const approval = await sign.preparedApproval('merchantProFinance', id);
      const results = await Promise.all([approval(), approval()]);
      expect(results.map((r) => r.code).sort(), JSON.stringify(results)).toEqual([200, 409]);
      expect(results.find((r) => r.code === 409)!.msg).toBe('You have already approved this proposal.');
      expect((await sign.detail('merchantProManager', id)).data).toMatchObject({ status: 'pending', approvalCount: 1 });
      expect(await actionsOf(id)).toEqual(['approval', 'start']);
      const votes = await server.db.selectFrom('proposalVote').select('signerId').where('proposalId', '=', id).execute();
      expect(votes).toEqual([{ signerId: users.merchantProFinance }]);
      expect((await sign.act('merchantProManager', 'deny', id)).code).toBe(200);
    }
  }, 120_000);
});

describe("a member's role lowered while they move money", () => {
  /**
   * The order in which the racing transactions committed, from the database itself: a deferred
   * trigger takes a ticket at each one's commit (it runs at commit, while the transaction still
   * holds its row locks), for each movement written and each membership changed.
   */
  beforeAll(async () => {
    const { db } = server;
    await sql`create sequence race_commit_ticket`.execute(db);
    await sql`create table race_commit (what text not null, row jsonb not null, ticket bigint not null)`.execute(db);
    await sql`create function race_commit_note() returns trigger language plpgsql as $$
      begin insert into race_commit values (tg_table_name, to_jsonb(new), nextval('race_commit_ticket')); return null; end $$`.execute(db);
    // A movement's row is written once by its request (a later booking only updates it); a role change updates its member's row.
    await sql`create constraint trigger race_commit_movement after insert on movement
      deferrable initially deferred for each row execute function race_commit_note()`.execute(db);
    await sql`create constraint trigger race_commit_membership after update on membership
      deferrable initially deferred for each row execute function race_commit_note()`.execute(db);
  });
  const commits = async () =>
    (await sql<{ what: string; ticket: string }>`select what, ticket from race_commit order by ticket`.execute(server.db)).rows;
  const setRole = (userId: number, roleLevel: number) =>
    server.as('merchantProManager').call('POST', ApiPath.member.update, { body: { userId, roleLevel } });
  /** The role changed while the request was on its way: refused in its transaction. */
  const ROLE_CHANGED = {
    code: 403,
    msg: 'Your role in this organisation changed while this was being done; nothing was done. Reload to see what you may do now.',
  };

  /**
   * Either the action committed before the role change (and was allowed under the role held then),
   * or it is refused and wrote nothing: never carried out under a role its member no longer held
   * when it committed.
   */
  async function expectBeforeOrRefused(
    action: { code: number; msg: string },
    change: { code: number },
    /** The refusal of a request the new role makes at its start. */
    newRoleRefusal: { code: number; msg: string },
    movementsBefore: number,
    walletId: number,
  ) {
    expect(change.code).toBe(200);
    const order = (await commits()).map((c) => c.what);
    if (action.code === 200) {
      expect(order).toEqual(['movement', 'membership']);
    } else {
      expect([ROLE_CHANGED, newRoleRefusal]).toContainEqual({ code: action.code, msg: action.msg });
      expect(order).toEqual(['membership']);
      expect(await movementsOf(walletId)).toBe(movementsBefore);
    }
  }

  it('finance lowered to employee while withdrawing from a hot wallet: withdrawn before the change, or refused', async () => {
    const wallet = wallets['Aurora deposits'];
    const usdt = await currencyIdOf(server, ETH_CHAIN, 'USDT');
    await fund(server, wallet, usdt, String(12 * ROUNDS * 2));
    for (let round = 0; round < ROUNDS * 2; round += 1) {
      await setRole(users.merchantProFinance, 1);
      await sql`delete from race_commit`.execute(server.db);
      const before = await movementsOf(wallet);
      const [withdraw, change] = await Promise.all([
        save('merchantProFinance', {
          kind: 'withdraw',
          walletId: wallet,
          to: OUTSIDE,
          symbol: 'USDT',
          amount: '10',
          memo: `role race ${round}`,
        }),
        setRole(users.merchantProFinance, 2),
      ]);
      await expectBeforeOrRefused(withdraw, change, { code: 403, msg: 'Your role is not allowed to do this.' }, before, wallet);
    }
    await setRole(users.merchantProFinance, 1);
    await expectBooksWhole();
  }, 300_000);

  it('a manager lowered to finance while starting a proposal out of the cold wallet: started before the change, or refused', async () => {
    const cold = wallets['Aurora cold'];
    const body = { walletId: cold, kind: 'transfer', to: OUTSIDE, amount: '0.01', symbol: 'ETH', memo: 'role race' };
    for (let round = 0; round < ROUNDS * 2; round += 1) {
      // Felix (finance) is made a manager, who may move cold money (coldAdmins), then lowered back as he starts.
      await setRole(users.merchantProFinance, 0);
      await sql`delete from race_commit`.execute(server.db);
      const before = await movementsOf(cold);
      const [start, change] = await Promise.all([sign.startUnsigned('merchantProFinance', body), setRole(users.merchantProFinance, 1)]);
      await expectBeforeOrRefused(start, change, { code: 400, msg: 'Some fields are not valid.' }, before, cold);
      if (start.code === 200) expect((await sign.act('merchantProManager', 'deny', start.data.proposalId)).code).toBe(200);
    }
    await setRole(users.merchantProFinance, 1);
  }, 300_000);
});
