import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { encodeFunctionData, erc20Abi, getAddress, isAddress, parseUnits, type Address } from 'viem';
import type { TestServer } from './harness';
import { ETH_CHAIN, signClient, verifyLedger } from './signSupport';
import { readChainUpTo, startDepositServer } from './chainSupport';
import { newApiKey, revokeApiKey } from './apiKeySupport';
import { devnetAccount, type Devnet } from '../../server/chain/evm/devnet';
import { ApiPath, withId } from '../../src/contract/apiPaths';
import { BodyCode, type Envelope } from '../../src/contract/envelope';
import type { MerchantOrderRecordInput } from '../../src/contract/schemas/merchantOrder';

// The merchant API's orders (docs/payments.md): created with an API key, each with an address of its
// own, paid on the devnet and read back; what a key of another org, a revoked key or bad input gets.
type Order = Omit<MerchantOrderRecordInput, 'expiresAt' | 'createdAt' | 'paidAt'> & {
  expiresAt: string;
  createdAt: string;
  paidAt: string | null;
};

let server: TestServer;
let devnet: Devnet;
let usdt: { id: number; contractAddress: Address; decimals: number };
let writeKey: string;
const customer = devnetAccount('a payer of the merchant API');

beforeAll(async () => {
  ({ server, devnet, usdt } = await startDepositServer(customer.address));
  writeKey = await newApiKey(server, 'merchantProManager', ['orders:write', 'orders:read']);
}, 120_000);
afterAll(() => server?.close());

const withKey = (key: string, headers: Record<string, string> = {}) => ({ headers: { authorization: `Bearer ${key}`, ...headers } });
const create = (body: Record<string, unknown>, key = writeKey, headers: Record<string, string> = {}) =>
  server.call<Order>('POST', ApiPath.merchant.orders, { ...withKey(key, headers), body });
const read = (id: number, key = writeKey) => server.call<Order>('GET', withId(ApiPath.merchant.order, id), withKey(key));
const usdtOrder = (amount: string, extra: Record<string, unknown> = {}) => ({ amount, currency: 'USDT', chainId: ETH_CHAIN, ...extra });
const ok = <T>(answer: Envelope<T>): T => {
  expect(answer).toMatchObject({ code: BodyCode.ok });
  return answer.data;
};

async function payUsdt(to: string, amount: string) {
  const sent = await devnet.send(customer, {
    to: usdt.contractAddress,
    data: encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [getAddress(to), parseUnits(amount, usdt.decimals)] }),
  });
  await readChainUpTo(server, ETH_CHAIN, await devnet.client.getBlockNumber());
  return sent.hash;
}

describe('orders by API', () => {
  it('an order answers its own deposit address, the exact amount, its expiry and its checkout page', async () => {
    const order = ok(await create(usdtOrder('25.5', { reference: 'INV-1', expiresInMinutes: 30 })));
    expect(order).toMatchObject({
      status: 'pending',
      amount: '25.5',
      currency: 'USDT',
      chainId: ETH_CHAIN,
      reference: 'INV-1',
      txHash: null,
    });
    expect(isAddress(order.depositAddress)).toBe(true);
    expect(new Date(order.expiresAt).getTime() - new Date(order.createdAt).getTime()).toBe(30 * 60_000);
    expect(order.checkoutUrl).toMatch(/^https?:\/\/[^/]+\/checkout\/[\w-]{20,}$/);
    expect(ok(await read(order.id))).toEqual(order);
    expect(ok(await server.call<Order[]>('GET', ApiPath.merchant.orders, { ...withKey(writeKey), query: { reference: 'INV-1' } }))).toEqual(
      [order],
    );
    // The address is one of the org's wallets in the books, but not in the wallet list.
    const wallet = await server.db
      .selectFrom('chainWallet')
      .select(['orgId', 'kind'])
      .where('address', '=', order.depositAddress)
      .executeTakeFirstOrThrow();
    expect(wallet).toEqual({ orgId: server.orgIds.proA, kind: 'OrderDeposit' });
    // Audited, and named for the key that made it (its prefix, never the key), in the key's org.
    const event = await server.db
      .selectFrom('auditEvent')
      .select(['actorId', 'actorAccount', 'orgId', 'action', 'route'])
      .where('entity', '=', 'wallet')
      .where(sql<string>`after->>'address'`, '=', order.depositAddress)
      .executeTakeFirstOrThrow();
    expect(event).toEqual({
      actorId: null,
      actorAccount: `api key ${writeKey.slice(0, 10)}`,
      orgId: server.orgIds.proA,
      action: 'create',
      route: 'POST /v1/orders',
    });
    const listed = await server
      .as('merchantProManager')
      .call<{ list: { address: string }[] }>('GET', ApiPath.chainWallet.list, { query: { perPage: 100 } });
    expect(listed.data.list.map((w) => w.address)).not.toContain(order.depositAddress);
  });

  it('the same Idempotency-Key and body is one order; the key with another body is refused and makes nothing', async () => {
    const headers = { 'idempotency-key': 'cart-77' };
    const answers = await Promise.all(Array.from({ length: 5 }, () => create(usdtOrder('10'), writeKey, headers)));
    const ids = new Set(answers.map((a) => ok(a).id));
    expect(ids.size).toBe(1);
    const before = await server.db
      .selectFrom('paymentOrder')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    expect(await create(usdtOrder('11'), writeKey, headers)).toMatchObject({ code: BodyCode.idempotencyKeyReused });
    const after = await server.db
      .selectFrom('paymentOrder')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    expect(after.n).toBe(before.n);
  });

  it('orders created concurrently each get an address of their own; a retry after a 503 with its key makes no second one', async () => {
    // Keys of their own, a quarter of the burst each: well under a key's 600 calls a minute, retries included.
    const keys = await Promise.all(Array.from({ length: 4 }, () => newApiKey(server, 'merchantProManager', ['orders:write'])));
    // A burst beyond the database pool's wait is answered 503 (Retry-After); a client sends the call
    // again with the same Idempotency-Key, as the merchant API asks (docs/payments.md "Idempotency").
    const createSurely = async (i: number): Promise<Order> => {
      for (let attempt = 1; ; attempt += 1) {
        const answer = await create(usdtOrder(`${i + 1}.25`), keys[i % keys.length], {
          'idempotency-key': `burst-${i}`,
        }).catch((error: Error) => {
          if (attempt < 20 && /^HTTP 503/.test(error.message)) return null;
          throw error;
        });
        if (answer) return ok(answer);
      }
    };
    const orders = await Promise.all(Array.from({ length: 1000 }, (_, i) => createSurely(i)));
    expect(new Set(orders.map((o) => o.depositAddress)).size).toBe(1000);
    expect(new Set(orders.map((o) => o.id)).size).toBe(1000);
    const burst = await server.db
      .selectFrom('orderRequest')
      .innerJoin('paymentOrder', 'paymentOrder.id', 'orderRequest.orderId')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('orderRequest.idempotencyKey', 'like', 'burst-%')
      .executeTakeFirstOrThrow();
    expect(Number(burst.n)).toBe(1000);
    const wallets = await server.db
      .selectFrom('chainWallet')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('kind', '=', 'OrderDeposit')
      .where(
        'address',
        'in',
        orders.map((o) => o.depositAddress),
      )
      .executeTakeFirstOrThrow();
    expect(Number(wallets.n)).toBe(1000);
  }, 600_000);

  it('bad input is a 400 naming the field, and writes nothing', async () => {
    const count = () =>
      server.db
        .selectFrom('paymentOrder')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .executeTakeFirstOrThrow();
    const before = await count();
    const refusals: [Record<string, unknown>, string][] = [
      [usdtOrder('1.1234567'), 'amount'], // USDT has 6 decimals
      [usdtOrder('-3'), 'amount'],
      [{ ...usdtOrder('1'), amount: 1 }, 'amount'],
      [usdtOrder('1', { currency: 'NOPE' }), 'currency'],
      [usdtOrder('1', { expiresInMinutes: 1 }), 'expiresInMinutes'],
      [usdtOrder('1', { expiresInMinutes: 60 * 24 * 8 }), 'expiresInMinutes'],
      [usdtOrder('1', { payLinkCode: 'nobody-s-link' }), 'payLinkCode'],
      [{ amount: '1', currency: 'USDT' }, 'chainId'],
    ];
    for (const [body, field] of refusals) {
      const answer = await create(body);
      expect(answer.code, JSON.stringify(body)).toBe(BodyCode.badRequest);
      expect(Object.keys(answer.data as object), JSON.stringify(body)).toContain(field);
    }
    expect(await count()).toEqual(before);
  });
});

describe('who may', () => {
  it('a key of another org never reads this org’s orders', async () => {
    const order = ok(await create(usdtOrder('3', { reference: 'SHARED-REF' })));
    const otherKey = await newApiKey(server, 'merchantStdManager', ['orders:write', 'orders:read']);
    expect(await read(order.id, otherKey)).toMatchObject({ code: BodyCode.notFound });
    // Nor pays through this org's pay link: to another org's key it is no link at all.
    const link = await server.db
      .selectFrom('payLink')
      .innerJoin('currency', 'currency.id', 'payLink.currencyId')
      .select(['payLink.code', 'currency.symbol', 'currency.chainId'])
      .where('payLink.orgId', '=', server.orgIds.proA)
      .where('payLink.enabled', '=', true)
      .executeTakeFirstOrThrow();
    const throughLink = await create({ amount: '1', currency: link.symbol, chainId: link.chainId, payLinkCode: link.code }, otherKey);
    expect(throughLink).toMatchObject({ code: BodyCode.badRequest, data: { payLinkCode: expect.any(String) } });
    expect(
      ok(await server.call<Order[]>('GET', ApiPath.merchant.orders, { ...withKey(otherKey), query: { reference: 'SHARED-REF' } })),
    ).toEqual([]);
  });

  it('no key, a console session or a key without the scope is refused; a revoked key at once, on every instance', async () => {
    expect(await server.call('POST', ApiPath.merchant.orders, { body: usdtOrder('1') })).toMatchObject({ code: BodyCode.unauthorized });
    const session = await server.as('merchantProManager').token();
    expect(await create(usdtOrder('1'), session)).toMatchObject({ code: BodyCode.unauthorized });
    const readOnly = await newApiKey(server, 'merchantProManager', ['orders:read']);
    expect(await create(usdtOrder('1'), readOnly)).toMatchObject({ code: BodyCode.forbidden });
    const doomed = await newApiKey(server, 'merchantProManager', ['orders:write', 'orders:read']);
    const order = ok(await create(usdtOrder('2'), doomed));
    await revokeApiKey(server, 'merchantProManager', doomed);
    // Two calls each: with two instances (TEST_INSTANCES=2) each answers one of them.
    for (let i = 0; i < 2; i += 1) {
      expect(await create(usdtOrder('1'), doomed)).toMatchObject({ code: BodyCode.unauthorized });
      expect(await read(order.id, doomed)).toMatchObject({ code: BodyCode.unauthorized });
    }
  });
});

describe('paying an order on the devnet', () => {
  it('the exact amount sent to the order’s address pays it, and the books balance', async () => {
    const order = ok(await create(usdtOrder('12.34')));
    const txHash = await payUsdt(order.depositAddress, '12.34');
    expect(ok(await read(order.id))).toMatchObject({ status: 'paid', txHash, paidAt: expect.any(String) });
    const client = signClient(server);
    expect(await verifyLedger(server, client)).toMatchObject({ balanced: true, breaks: [] });
  });

  it('a payment in a block stamped before the order (a chain clock behind ours, or the same second) pays it', async () => {
    // The server's clock a minute ahead of the devnet's: the payment's block time reads before the order was made.
    const head = await devnet.client.getBlock();
    const ahead = Number(head.timestamp) * 1000 + 60_000 - server.now().getTime();
    server.advanceClock(ahead);
    const order = ok(await create(usdtOrder('3.21')));
    const txHash = await payUsdt(order.depositAddress, '3.21');
    const { blockNumber } = await devnet.client.getTransactionReceipt({ hash: txHash });
    const block = await devnet.client.getBlock({ blockNumber });
    expect(Number(block.timestamp) * 1000).toBeLessThan(new Date(order.createdAt).getTime());
    expect(ok(await read(order.id))).toMatchObject({ status: 'paid', txHash });
    server.advanceClock(-ahead);
  });

  it('a payment after the order expired does not pay it: paid late, the money a deposit of its address', async () => {
    // Made ten minutes ago on the server's clock, for five: expired before the chain's next block.
    server.advanceClock(-10 * 60_000);
    const order = ok(await create(usdtOrder('7', { expiresInMinutes: 5 })));
    server.advanceClock(10 * 60_000);
    expect(ok(await read(order.id)).status).toBe('expired');
    await payUsdt(order.depositAddress, '7');
    expect(ok(await read(order.id))).toMatchObject({ status: 'paid_late', received: '7', txHash: null, paidAt: null });
    const entries = await server.db
      .selectFrom('ledgerEntry')
      .innerJoin('chainWallet', 'chainWallet.id', 'ledgerEntry.walletId')
      .select(['ledgerEntry.reason', 'ledgerEntry.delta'])
      .where('chainWallet.address', '=', order.depositAddress)
      .execute();
    expect(entries).toEqual([{ reason: 'deposit', delta: '7' }]);
  });
});
