import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getAddress } from 'viem';
import { sql } from 'kysely';
import { type TestServer } from './harness';
import { postEntries } from '../../server/modules/ledger/post';
import {
  balanceOf,
  chainBalanceOf,
  chainHoldingOf,
  ETH_CHAIN,
  ETH_GAS,
  fromUnits,
  TOKEN_GAS,
  units,
  startSignServer,
  type SignClient,
} from './signSupport';
import type { ListResult } from '../../src/contract/envelope';
import type { AssetFlowRecord } from '../../src/contract/schemas/assetFlow';
import type { LedgerVerifyResult } from '../../src/contract/schemas/ledger';
import type { MovementRecord } from '../../src/contract/schemas/movement';
import type { GasReportRecord } from '../../src/contract/schemas/report';
import { ApiPath } from '../../src/contract/apiPaths';

const EXTERNAL = getAddress('0x2222222222222222222222222222222222222222');

let server: TestServer, client: SignClient, wallets: Record<string, number>;
beforeAll(async () => {
  ({ server, sign: client, wallets } = await startSignServer());
});
afterAll(() => server?.close());

const db = () => server.app.context.db;
const verify = async (account = 'superAdmin') =>
  server.call<LedgerVerifyResult>('GET', ApiPath.ledger.verify, { token: await client.token(account) });
const expectBalanced = async () => expect((await verify()).data).toMatchObject({ balanced: true, breaks: [] });
const move = async (account: string, body: Record<string, unknown>) =>
  server.call<MovementRecord>('POST', ApiPath.movement.save, { token: await client.token(account), body: { memo: '', ...body } });
const entriesOf = (column: 'movementId' | 'proposalId' | 'orderId', id: number) =>
  db()
    .selectFrom('ledgerEntry')
    .select(['walletId', 'currencyId', 'delta', 'reason', 'txHash'])
    .where(column, '=', id)
    .orderBy('id')
    .execute();
const currencyId = async (symbol: string, chainId = ETH_CHAIN) =>
  (await db().selectFrom('currency').select('id').where('chainId', '=', chainId).where('symbol', '=', symbol).executeTakeFirstOrThrow()).id;

describe('GET /sys/ledger/verify', () => {
  it('the demo seed’s books balance: every balance is the sum of its entries, every paid order credited once', async () => {
    await expectBalanced();
    const { rows } = await sql<{ paid: number; credits: number }>`
      select (select count(*)::int from payment_order where status = 'paid') as paid,
             (select count(*)::int from ledger_entry where reason = 'payment') as credits`.execute(db());
    expect(rows[0].paid).toBeGreaterThan(100);
    expect(rows[0].credits).toBe(rows[0].paid);
  });

  it('is the operator row’s: managers, agents and merchants get 403', async () => {
    expect((await verify('operatorEmployee')).code).toBe(200);
    for (const account of ['agentManager', 'merchantProManager', 'merchantStdFinance'])
      expect((await verify(account)).code, account).toBe(403);
  });
});

describe('every balance change is a ledger entry with its cause', () => {
  it('Aurora cold’s asset flow shows the payments paid into its deposit address', async () => {
    const cold = await db()
      .selectFrom('chainWallet')
      .select(['id', 'address'])
      .where('id', '=', wallets['Aurora cold'])
      .executeTakeFirstOrThrow();
    const paid = await db()
      .selectFrom('paymentOrder')
      .select(['id', sql<string>`amount::text`.as('amount')])
      .where('depositAddress', '=', cold.address)
      .where('status', '=', 'paid')
      .execute();
    expect(paid.length).toBeGreaterThan(0);
    const flow = await server.call<ListResult<AssetFlowRecord>>('GET', ApiPath.assetFlow.list, {
      token: await client.token('merchantProFinance'),
      query: { walletId: cold.id, reason: 'payment', pageSize: 500 },
    });
    expect(flow.data.count).toBe(paid.length);
    expect(flow.data.list.map((e) => units(e.delta)).sort()).toEqual(paid.map((o) => units(o.amount)).sort());
  });

  it('a withdrawal debits amount and fee, credits the fee to the platform’s fee wallet and spends the gas its transactions cost in ETH, with its gas row; the chain moved the same', async () => {
    const wallet = wallets['Aurora deposits'];
    const feeWallet = wallets['Operator hot'];
    const [usdtBefore, ethBefore, feeBefore] = [
      await balanceOf(server, wallet, 'USDT'),
      await balanceOf(server, wallet, 'ETH'),
      await balanceOf(server, feeWallet, 'USDT'),
    ];
    const onChainBefore = {
      usdt: await chainBalanceOf(server, wallet, 'USDT'),
      eth: await chainBalanceOf(server, wallet, 'ETH'),
      fee: await chainBalanceOf(server, feeWallet, 'USDT'),
      to: await chainHoldingOf(server, ETH_CHAIN, EXTERNAL, 'USDT'),
    };
    const res = await move('merchantProFinance', { kind: 'withdraw', walletId: wallet, to: EXTERNAL, symbol: 'USDT', amount: '50' });
    expect(res.code).toBe(200);
    const entries = await entriesOf('movementId', res.data.id);
    const usdt = await currencyId('USDT');
    const eth = await currencyId('ETH');
    // The wallet sent it itself (docs/chains.md "Wallet keys"): the gas is what its two transactions (amount, fee) cost.
    const gasEntry = entries.find((e) => e.reason === 'gas');
    expect(gasEntry).toBeDefined();
    const gasPaid = -units(gasEntry!.delta);
    expect(gasPaid).toBeGreaterThan(0n);
    expect(entries.map((e) => [e.walletId, e.currencyId, units(e.delta), e.reason])).toEqual([
      [wallet, usdt, -units('50'), 'movement'],
      [wallet, usdt, -units('2'), 'fee'],
      [feeWallet, usdt, units('2'), 'fee'],
      [wallet, eth, -gasPaid, 'gas'],
    ]);
    expect(units(await balanceOf(server, wallet, 'USDT'))).toBe(units(usdtBefore) - units('52'));
    expect(units(await balanceOf(server, wallet, 'ETH'))).toBe(units(ethBefore) - gasPaid);
    expect(units(await balanceOf(server, feeWallet, 'USDT'))).toBe(units(feeBefore) + units('2'));
    // On chain: the same amounts left and arrived, and the wallet's ETH paid exactly the gas booked.
    expect(units(await chainBalanceOf(server, wallet, 'USDT'))).toBe(units(onChainBefore.usdt) - units('52'));
    expect(units(await chainBalanceOf(server, wallet, 'ETH'))).toBe(units(onChainBefore.eth) - gasPaid);
    expect(units(await chainBalanceOf(server, feeWallet, 'USDT'))).toBe(units(onChainBefore.fee) + units('2'));
    expect(units(await chainHoldingOf(server, ETH_CHAIN, EXTERNAL, 'USDT'))).toBe(units(onChainBefore.to) + units('50'));
    expect(
      await server.app.context
        .chains!.adapterFor({ chainId: ETH_CHAIN, family: 'evm', rpcUrl: '' })
        .then((c) => c.transaction(res.data.txHash!)),
    ).toMatchObject({ status: 'success' });
    const gas = await server.call<ListResult<GasReportRecord>>('GET', ApiPath.report.gas.list, {
      token: await client.token('merchantProFinance'),
      query: { q: res.data.txHash!, pageSize: 10 },
    });
    expect(gas.data.list).toEqual([expect.objectContaining({ reason: 'withdraw', fee: fromUnits(gasPaid), txHash: res.data.txHash })]);
    await expectBalanced();
  });

  it('executing a proposal on a Safe writes its debit and a gas row, the relayer having paid the gas; a governance change too', async () => {
    const started = await client.start('merchantProManager', {
      kind: 'transfer',
      walletId: wallets['Aurora cold'],
      to: EXTERNAL,
      symbol: 'USDT',
      amount: '10',
      memo: 'ledger',
    });
    expect(started.code).toBe(200);
    await client.act('merchantProFinance', 'approval', started.data.proposalId);
    const done = await client.act('merchantProFinance', 'confirm', started.data.proposalId);
    expect(done.code).toBe(200);
    const entries = await entriesOf('proposalId', started.data.proposalId);
    // Aurora cold is a Safe: the relayer paid the gas, so the wallet's only entry is the debit.
    expect(entries.map((e) => [e.walletId, units(e.delta), e.reason])).toEqual([[wallets['Aurora cold'], -units('10'), 'proposal']]);
    const gasRows = await db()
      .selectFrom('gasFee')
      .select(['reason', 'walletId'])
      .where('proposalId', '=', started.data.proposalId)
      .execute();
    expect(gasRows).toEqual([{ reason: 'proposal', walletId: wallets['Aurora cold'] }]);

    const signers = await db()
      .selectFrom('walletSigner')
      .select('userId')
      .where('walletId', '=', wallets['Aurora cold'])
      .orderBy('position')
      .execute();
    const governance = await client.start('merchantProManager', {
      kind: 'governance',
      walletId: wallets['Aurora cold'],
      signers: signers.map((s) => s.userId),
      threshold: 3,
      memo: 'three of three',
    });
    expect(governance.code).toBe(200);
    await client.act('merchantProFinance', 'approval', governance.data.proposalId);
    expect((await client.act('merchantProFinance', 'confirm', governance.data.proposalId)).code).toBe(200);
    // On the Safe a signer change moves nothing out of the wallet either; its gas is in the gas report.
    expect(await entriesOf('proposalId', governance.data.proposalId)).toEqual([]);
    expect(
      await db().selectFrom('gasFee').select(['reason', 'walletId']).where('proposalId', '=', governance.data.proposalId).execute(),
    ).toEqual([{ reason: 'proposal', walletId: wallets['Aurora cold'] }]);
    await expectBalanced();
  });

  it('a USDT transfer from a wallet without the ETH its gas may take is refused at start with the reason, and nothing moves', async () => {
    const wallet = wallets['Cedar deposits'];
    const eth = await balanceOf(server, wallet, 'ETH');
    // All but the quoted gas of this transfer itself leaves; what its transaction really took is less, so a little stays.
    const out = await move('merchantLiteManager', {
      kind: 'transfer',
      walletId: wallet,
      to: EXTERNAL,
      symbol: 'ETH',
      amount: fromUnits(units(eth) - units(ETH_GAS)),
    });
    expect(out.code).toBe(200);
    const left = units(await balanceOf(server, wallet, 'ETH'));
    expect(left).toBeLessThan(units(TOKEN_GAS));
    expect(units(await chainBalanceOf(server, wallet, 'ETH'))).toBe(left);
    const usdtBefore = await balanceOf(server, wallet, 'USDT');
    const refused = await move('merchantLiteManager', { kind: 'transfer', walletId: wallet, to: EXTERNAL, symbol: 'USDT', amount: '1' });
    expect(refused.code).toBe(400);
    expect(refused.data).toMatchObject({ amount: expect.stringContaining('network fee') });
    expect(await balanceOf(server, wallet, 'USDT')).toBe(usdtBefore);
    expect(await chainBalanceOf(server, wallet, 'USDT')).toBe(usdtBefore);
    await expectBalanced();
  });
});

describe('balances cannot change beside the ledger', () => {
  it('the database refuses a direct write to a balance, an overdraft entry, and a change to an entry', async () => {
    const wallet = wallets['Aurora cold'];
    await expect(sql`update wallet_balance set amount = amount + 1 where wallet_id = ${wallet}`.execute(db())).rejects.toThrow(
      /ledger entries only/,
    );
    await expect(
      sql`insert into wallet_balance (wallet_id, currency_id, amount) values (${wallet}, ${await currencyId('USDC')}, 5)`.execute(db()),
    ).rejects.toThrow(/ledger entries only/);
    await expect(
      sql`insert into ledger_entry (wallet_id, currency_id, delta, reason) values (${wallet}, ${await currencyId('ETH')}, -1000000, 'movement')`.execute(
        db(),
      ),
    ).rejects.toThrow(/wallet_balance_amount_check/);
    await expect(sql`update ledger_entry set delta = delta * 2 where wallet_id = ${wallet}`.execute(db())).rejects.toThrow(/never changed/);
    await expect(sql`delete from ledger_entry where wallet_id = ${wallet}`.execute(db())).rejects.toThrow(/never changed/);
    await expectBalanced();
  });

  it('an executed proposal is held to the entries of how it executed: no gas entry on a Safe, one anywhere else', async () => {
    const onSafe = await db()
      .selectFrom('proposal')
      .select(['id', 'safeTx'])
      .where('status', '=', 'executed')
      .where('safeTx', 'is not', null)
      .where('kind', '<>', 'governance')
      .orderBy('id')
      .executeTakeFirstOrThrow();
    // Passed off as a simulated execution, it now lacks the gas entry a simulated one writes.
    await db().updateTable('proposal').set({ safeTx: null }).where('id', '=', onSafe.id).execute();
    try {
      const res = await verify();
      expect(res.data.breaks).toContainEqual(expect.objectContaining({ kind: 'proposalEntries', refId: onSafe.id }));
      const found = res.data.breaks.find((b) => b.kind === 'proposalEntries' && b.refId === onSafe.id)!;
      expect(Number(found.expected) - Number(found.actual)).toBe(1);
    } finally {
      await db().updateTable('proposal').set({ safeTx: onSafe.safeTx }).where('id', '=', onSafe.id).execute();
    }
    await expectBalanced();
  });

  it('a balance edited around the triggers, as the database owner, is named by the verify endpoint', async () => {
    const wallet = wallets['Birch cold'];
    await sql`alter table wallet_balance disable trigger user`.execute(db());
    try {
      await sql`update wallet_balance set amount = amount + 7 where wallet_id = ${wallet} and currency_id = ${await currencyId('USDC')}`.execute(
        db(),
      );
    } finally {
      await sql`alter table wallet_balance enable trigger user`.execute(db());
    }
    const res = await verify();
    expect(res.data.balanced).toBe(false);
    // Named twice: the balance is not the sum of its entries, and it is not what the Safe holds on chain.
    expect(res.data.breaks).toEqual([
      expect.objectContaining({ kind: 'balanceMismatch', walletId: wallet, walletLabel: 'Birch cold', symbol: 'USDC' }),
      expect.objectContaining({ kind: 'chainBalance', walletId: wallet, walletLabel: 'Birch cold', symbol: 'USDC' }),
    ]);
    for (const { expected, actual, kind } of res.data.breaks) {
      if (kind === 'balanceMismatch') expect(units(actual!) - units(expected!)).toBe(units('7'));
      else expect(units(expected!) - units(actual!)).toBe(units('7'));
    }
  });

  it('money credited beside the chain — an opening entry the chain never saw — is named against the wallet’s holding on chain', async () => {
    const wallet = wallets['Aurora deposits'];
    const usdt = await currencyId('USDT');
    // A correct ledger entry (its balance follows), of money that never arrived on chain.
    await db()
      .transaction()
      .execute((trx) =>
        postEntries(trx, [{ walletId: wallet, currencyId: usdt, delta: '1000', reason: 'initial credit', txHash: null, at: new Date() }]),
      );
    const res = await verify();
    expect(res.data.balanced).toBe(false);
    const named = res.data.breaks.filter((b) => b.walletId === wallet);
    expect(named).toEqual([expect.objectContaining({ kind: 'chainBalance', walletId: wallet, symbol: 'USDT' })]);
    expect(units(named[0].expected!) - units(named[0].actual!)).toBe(units('1000'));
    // And the wallet cannot spend it: the chain is asked before anything is sent.
    const onChain = await chainBalanceOf(server, wallet, 'USDT');
    const spend = await move('merchantProFinance', {
      kind: 'transfer',
      walletId: wallet,
      to: EXTERNAL,
      symbol: 'USDT',
      amount: fromUnits(units(onChain) + units('1')),
    });
    expect(spend.code).toBe(409);
    expect(spend.msg).toContain('the books and the chain disagree');
    expect(await chainBalanceOf(server, wallet, 'USDT')).toBe(onChain);
  });
});
