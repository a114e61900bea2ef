import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './harness';
import { chainBalanceOf, currencyIdOf, ETH_CHAIN, fund, signClient, verifyLedger, type SignClient } from './signSupport';
import { newApiKey } from './apiKeySupport';
import { demoEvmAddress } from '../../server/db/seed/wallets';
import { ApiPath, withId } from '../../src/contract/apiPaths';
import { BodyCode, type ListResult } from '../../src/contract/envelope';
import { ROLES, may } from '../../src/access';
import { MOVEMENT_KINDS, movementCreate } from '../../src/contract/movement';
import type { ChainWalletRecord } from '../../src/contract/schemas/chainWallet';

/**
 * An order's own deposit address (docs/payments.md "An address per order") as an insider would try
 * it: its org's manager and superAdmin, through every wallet and money door. The answer is a clear
 * 4xx naming the wallet, and the wallet, its money and its books stay as they were.
 */
let server: TestServer, sign: SignClient;
let order: { orderNo: string; walletId: number; address: string };
const OUTSIDE = demoEvmAddress('order address thief');
const REFUSAL = "This is an order's own deposit address: the platform collects its money; it cannot be edited, deleted or spent by hand.";
const INSIDERS = ['merchantProManager', 'superAdmin'] as const;

beforeAll(async () => {
  server = await startTestServer();
  sign = signClient(server);
  const key = await newApiKey(server, 'merchantProManager', ['orders:write']);
  const made = await server.call<{ id: number; depositAddress: string }>('POST', ApiPath.merchant.orders, {
    headers: { authorization: `Bearer ${key}` },
    body: { amount: '25', currency: 'USDT', chainId: ETH_CHAIN },
  });
  expect(made).toMatchObject({ code: BodyCode.ok });
  const row = await server.db
    .selectFrom('paymentOrder')
    .innerJoin('chainWallet', (join) =>
      join.onRef('chainWallet.address', '=', 'paymentOrder.depositAddress').onRef('chainWallet.chainId', '=', 'paymentOrder.chainId'),
    )
    .select(['paymentOrder.orderNo', 'chainWallet.id as walletId', 'chainWallet.address', 'chainWallet.kind'])
    .where('paymentOrder.id', '=', made.data.id)
    .executeTakeFirstOrThrow();
  expect(row.kind).toBe('OrderDeposit');
  order = row;
  // Money at the address, as a payment leaves it: the coin (gas too) and the order's token.
  await fund(server, order.walletId, await currencyIdOf(server, ETH_CHAIN, 'ETH'), '2');
  await fund(server, order.walletId, await currencyIdOf(server, ETH_CHAIN, 'USDT'), '25');
}, 120_000);
afterAll(() => server?.close());

/** Everything of the wallet a refused request could have changed. */
async function stateOfWallet() {
  const { db } = server;
  const id = order.walletId;
  const count = async (table: 'ledgerEntry' | 'movement' | 'proposal' | 'walletSigner') =>
    Number(
      (
        await db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<string>().as('n'))
          .where('walletId', '=', id)
          .executeTakeFirstOrThrow()
      ).n,
    );
  return {
    wallet: await db.selectFrom('chainWallet').selectAll().where('id', '=', id).executeTakeFirst(),
    balances: await db
      .selectFrom('walletBalance')
      .select(['currencyId', 'amount'])
      .where('walletId', '=', id)
      .orderBy('currencyId')
      .execute(),
    ledger: await count('ledgerEntry'),
    movements: await count('movement'),
    proposals: await count('proposal'),
    signers: await count('walletSigner'),
  };
}

/** Sends an insider's request and expects the refusal on `field`, with nothing of the wallet changed and the books still balanced. */
async function refused(send: () => Promise<{ code: number; msg: string; data: unknown }>, field: string, message = REFUSAL) {
  const before = await stateOfWallet();
  expect(before.wallet).toBeDefined();
  const answer = await send();
  expect(answer).toMatchObject({ code: BodyCode.conflict, msg: message, data: { [field]: message } });
  expect(await stateOfWallet()).toEqual(before);
}

const call = async (
  account: string,
  method: 'GET' | 'POST',
  path: string,
  options: { body?: unknown; query?: Record<string, string | number> } = {},
) => server.call(method, path, { token: await sign.token(account), ...options });

/** A body of money of `kind` out of the order's address, as the movement form or a proposal start sends it. */
const outflow = (kind: string) => ({
  kind,
  walletId: order.walletId,
  to: OUTSIDE,
  amount: '0.1',
  symbol: 'ETH',
  memo: 'by hand',
  orderNo: kind === 'refund' ? order.orderNo : '',
});
/** The movement kinds a role may start at all (the others are a 403 before any wallet is read). */
const kindsOf = (account: (typeof INSIDERS)[number]) => MOVEMENT_KINDS.filter((kind) => may(ROLES[account], movementCreate(kind)));

describe("an order's own deposit address, by its org's manager and by superAdmin", () => {
  it.each(INSIDERS)('%s cannot rename it', async (account) => {
    await refused(() => call(account, 'POST', ApiPath.chainWallet.update, { body: { id: order.walletId, label: 'mine now' } }), 'id');
  });

  it.each(INSIDERS)('%s cannot delete it', async (account) => {
    await refused(() => call(account, 'POST', withId(ApiPath.chainWallet.delete, order.walletId)), 'id');
  });

  it.each(INSIDERS)('%s cannot create one: the kind is not among the wallet kinds a person picks', async (account) => {
    const before = await server.db
      .selectFrom('chainWallet')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    const made = await call(account, 'POST', ApiPath.chainWallet.save, {
      body: {
        chainId: ETH_CHAIN,
        orgId: server.orgIds.proA,
        kind: 'OrderDeposit',
        address: demoEvmAddress(`hand-made ${account}`),
        label: 'x',
      },
    });
    expect(made).toMatchObject({ code: BodyCode.badRequest, data: { kind: expect.any(String) } });
    expect(
      await server.db
        .selectFrom('chainWallet')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .executeTakeFirstOrThrow(),
    ).toEqual(before);
  });

  it.each(INSIDERS)('%s moves nothing out of it by a movement, whatever the kind, nor reads its quote', async (account) => {
    expect(kindsOf(account).length).toBeGreaterThan(0);
    for (const kind of kindsOf(account)) {
      await refused(() => call(account, 'POST', ApiPath.movement.save, { body: outflow(kind) }), 'walletId');
      await refused(
        () => call(account, 'GET', ApiPath.movement.quote, { query: { kind, walletId: order.walletId, symbol: 'ETH' } }),
        'walletId',
      );
    }
  });

  it.each(INSIDERS)('%s starts no proposal out of it, whatever the kind', async (account) => {
    for (const kind of kindsOf(account))
      await refused(() => call(account, 'POST', ApiPath.sign.start, { body: outflow(kind) }), 'walletId');
  });

  it.each(INSIDERS)('%s cannot give it signers: a signer-change proposal names multisig wallets only', async (account) => {
    const users = await server.db
      .selectFrom('appUser')
      .select('id')
      .where('account', 'in', ['merchantProManager', 'merchantProFinance'])
      .execute();
    const before = await stateOfWallet();
    const answer = await call(account, 'POST', ApiPath.sign.start, {
      body: { kind: 'governance', walletId: order.walletId, signers: users.map((u) => u.id), threshold: 1, memo: 'mine now' },
    });
    expect(answer).toMatchObject({ code: BodyCode.badRequest, data: { walletId: 'Proposals are made on multisig wallets only.' } });
    expect(await stateOfWallet()).toEqual(before);
  });

  it('its money is still there, in the books and on the chain, and the ledger verifies clean', async () => {
    const state = await stateOfWallet();
    expect(state.wallet).toMatchObject({ kind: 'OrderDeposit', address: order.address, label: expect.not.stringContaining('mine') });
    expect(state.balances.map((b) => Number(b.amount)).sort((a, b) => a - b)).toEqual([2, 25]);
    expect(state.ledger).toBeGreaterThan(0);
    expect([state.movements, state.proposals, state.signers]).toEqual([0, 0, 0]);
    expect(await chainBalanceOf(server, order.walletId, 'ETH')).toBe('2');
    expect(await chainBalanceOf(server, order.walletId, 'USDT')).toBe('25');
    expect(await verifyLedger(server, sign)).toMatchObject({ balanced: true, breaks: [] });
  });

  it.each(INSIDERS)('%s reads it by id, and the wallet list still leaves it out, even asked by its address', async (account) => {
    const detail = await call(account, 'GET', ApiPath.chainWallet.detail, { query: { id: order.walletId } });
    expect(detail).toMatchObject({ code: BodyCode.ok, data: { id: order.walletId, kind: 'OrderDeposit', address: order.address } });
    const listed = (await call(account, 'GET', ApiPath.chainWallet.list, { query: { address: order.address } })) as {
      data: ListResult<ChainWalletRecord>;
    };
    expect(listed.data).toMatchObject({ list: [], count: 0 });
  });
});
