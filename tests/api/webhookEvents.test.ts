import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { getAddress, type Address, type Hex } from 'viem';
import { sql } from 'kysely';
import { Webhook } from 'standardwebhooks';
import type { TestServer } from './harness';
import { ETH_CHAIN, ethPayout, firstPaidOrder, signClient, walletIdsByLabel } from './signSupport';
import { payOnChain, readChainUpTo, startDepositServer } from './chainSupport';
import { newApiKey } from './apiKeySupport';
import { ok, orderPayer } from './orderSupport';
import { devnetAccount, type Devnet } from '../../server/chain/evm/devnet';
import type { ChainAdapter, WalletChain } from '../../server/chain/adapter';
import { deliverDue, type WebhookRunner } from '../../server/modules/webhook/delivery';
import { emitWebhookEvent } from '../../server/modules/webhook/outbox';
import { announceExpiredOrders } from '../../server/modules/deposit/orderExpiry';
import { resumeOutflows } from '../../server/modules/outflow/resume';
import { ApiPath } from '../../src/contract/apiPaths';
import type { Envelope } from '../../src/contract/envelope';
import type { MovementRecord } from '../../src/contract/schemas/movement';
import type { RefundView } from '../../src/contract/schemas/orderRefund';
import type { WebhookRecord } from '../../src/contract/schemas/webhook';
import { WEBHOOK_EVENTS } from '../../src/contract/webhook';

/**
 * The money events (docs/webhooks.md "Events"): order.expired from the sweep, refund.executed and
 * withdrawal.executed from the booking that makes them executed, an order event from a repair;
 * each exactly once, written in the change's transaction, only to the org whose money it is; and
 * one subject's events delivered in order ("Order per subject").
 */

/** A request the receiver got: its path, its headers, its raw body. */
type Received = Record<'path' | 'body', string> & { headers: IncomingHttpHeaders };
/** A delivery's body: an event (docs/webhooks.md "Payload"). */
type Payload = Record<'type' | 'timestamp', string> & { data: Record<string, unknown> & { id?: number } };

let server: TestServer, devnet: Devnet, usdt: { id: number; contractAddress: Address; decimals: number };
/** The merchant API's key, the loopback receiver and its URL, and the Pro org's endpoint. */
let writeKey: string, receiver: Server, base: string, proHook: WebhookRecord;
const received: Received[] = [];
/** What the receiver answers one request at a path (default 204). */
const answers = new Map<string, (r: Received) => number>();
const payer = devnetAccount('a payer the money events tell of');
const EXTERNAL = getAddress('0x4444444444444444444444444444444444444444');

beforeAll(async () => {
  ({ server, devnet, usdt } = await startDepositServer(payer.address));
  writeKey = await newApiKey(server, 'merchantProManager', ['orders:write', 'orders:read']);
  receiver = createServer(async (req, res) => {
    let body = '';
    for await (const chunk of req) body += String(chunk);
    const r = { path: req.url ?? '', headers: req.headers, body };
    received.push(r);
    res.writeHead(answers.get(r.path)?.(r) ?? 204).end();
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
  // Well past the chain's clock, so that the payments of a test are due at once without moving the clock.
  await aheadOfChain(10 * 60_000);
  proHook = await saveHook('merchantProManager', '/pro');
  await saveHook('merchantStdManager', '/std');
}, 120_000);
afterAll(async () => {
  await new Promise((resolve) => receiver?.close(resolve));
  await server?.close();
});

async function saveHook(account: string, path: string): Promise<WebhookRecord> {
  const saved = await server
    .as(account)
    .resource(ApiPath.webhook)
    .save({ url: `${base}${path}`, events: WEBHOOK_EVENTS, description: path });
  return ok(saved as Envelope<WebhookRecord>);
}
const createOrder = (amount: string, expiresInMinutes = 30) =>
  server
    .call<{ id: number; depositAddress: string; orderNo: string }>('POST', ApiPath.merchant.orders, {
      headers: { authorization: `Bearer ${writeKey}` },
      body: { amount, currency: 'USDT', chainId: ETH_CHAIN, expiresInMinutes },
    })
    .then(ok);
/** An order made an hour ago on the server's clock, for five minutes: expired before the chain's next block. */
async function expiredOrder(amount: string) {
  server.advanceClock(-60 * 60_000);
  try {
    return await createOrder(amount, 5);
  } finally {
    server.advanceClock(60 * 60_000);
  }
}
/**
 * An order event of a transfer is due at its block's time, and the devnet's clock runs ahead as blocks
 * are mined: the server's clock is put at least `marginMs` past the chain's latest block.
 */
async function aheadOfChain(marginMs: number) {
  const block = await devnet.client.getBlock();
  const behind = Number(block.timestamp) * 1000 + marginMs - server.now().getTime();
  if (behind > 0) server.advanceClock(behind);
}
/** Pays into an order's address on the devnet and lets the watcher book it. */
async function pay(order: { depositAddress: string }, amount: string) {
  const { blockNumber } = await payOnChain(server, ETH_CHAIN, order.depositAddress, 'USDT', amount, payer.address);
  await readChainUpTo(server, ETH_CHAIN, blockNumber);
  await aheadOfChain(0);
}

const runner = (): WebhookRunner => ({ db: server.app.context.db, now: server.now, chainMode: 'devnet' });
/** Two instances' loops at once, pass after pass, until neither finds a delivery due. */
async function deliverAll(): Promise<void> {
  let sent: number;
  do sent = (await Promise.all([deliverDue(runner()), deliverDue(runner())])).flat().length;
  while (sent > 0);
}
const payloadOf = (r: Received) => JSON.parse(r.body) as Payload;
const at = (path: string, match: (p: Payload) => boolean = () => true) => received.filter((r) => r.path === path && match(payloadOf(r)));
const ofOrder = (path: string, orderId: number) => at(path, (p) => p.type.startsWith('order.') && p.data.id === orderId);
const typesOf = (rs: Received[]) => rs.map((r) => payloadOf(r).type);
/** Throws unless the endpoint's secret signed it (the library a receiver uses, given the request's headers as they came). */
const verify = (r: Received) => new Webhook(proHook.secret!).verify(r.body, r.headers as Record<string, string>);
/** The events with this type and data field, as written (delivered or not), and as the other org's endpoint got them. */
const written = (type: string, field: string, value: unknown) =>
  server.db
    .selectFrom('webhookEvent')
    .select(['orgId', 'subject'])
    .where('type', '=', type)
    .where(sql<boolean>`payload->'data'->>${field} = ${String(value)}`)
    .execute();
const otherOrgGot = (field: string, value: unknown) => at('/std', (p) => String(p.data[field]) === String(value));

describe('one subject’s events in order', () => {
  it('a retried order.created is not overtaken by its order.paid; another order is not held up; a failed one holds nothing back', async () => {
    const slow = await createOrder('5');
    const gone = await createOrder('4');
    // The receiver fails the first attempt at `slow`'s first event, and gives `gone`'s first event up (410).
    const first = new Set<string>();
    answers.set('/pro', (r) => {
      const { data, type } = payloadOf(r);
      if (type !== 'order.created') return 204;
      if (data.id === slow.id && !first.has(String(r.headers['webhook-id']))) {
        first.add(String(r.headers['webhook-id']));
        return 500;
      }
      return data.id === gone.id ? 410 : 204;
    });
    try {
      await deliverAll();
      await pay(slow, '5');
      await pay(gone, '4');
      const quick = await createOrder('3');
      await pay(quick, '3');
      await deliverAll();
      // The paid event of `slow` waits behind its created event's retry; the others are through.
      expect(typesOf(ofOrder('/pro', slow.id))).toEqual(['order.created']);
      expect(typesOf(ofOrder('/pro', quick.id))).toEqual(['order.created', 'order.paid']);
      expect(typesOf(ofOrder('/pro', gone.id))).toEqual(['order.created', 'order.paid']);
      // The retry is due after about 5 s: the created event goes again, then, once delivered, the paid one.
      server.advanceClock(6_000);
      await deliverAll();
      const sent = ofOrder('/pro', slow.id);
      expect(typesOf(sent)).toEqual(['order.created', 'order.created', 'order.paid']);
      expect(sent[1]!.headers['webhook-id']).toBe(sent[0]!.headers['webhook-id']);
      const rows = await server.db
        .selectFrom('webhookDelivery')
        .innerJoin('webhookEvent', 'webhookEvent.id', 'webhookDelivery.eventId')
        .select(['webhookEvent.type', 'webhookDelivery.status', 'webhookDelivery.attempts', 'webhookEvent.subject'])
        .where('webhookDelivery.endpointId', '=', proHook.id)
        .where('webhookEvent.subject', '=', `order:${slow.id}`)
        .orderBy('webhookDelivery.id')
        .execute();
      expect(rows).toEqual([
        { type: 'order.created', status: 'delivered', attempts: 2, subject: `order:${slow.id}` },
        { type: 'order.paid', status: 'delivered', attempts: 1, subject: `order:${slow.id}` },
      ]);
    } finally {
      answers.delete('/pro');
    }
  });
});

describe('when an event is due', () => {
  it('an event stamped ahead of the clock (a devnet block runs ahead of it) is due when it is written, not at its stamp', async () => {
    const order = await createOrder('2');
    await deliverAll();
    const stamp = new Date(Math.max(server.now().getTime(), Date.now()) + 3_600_000);
    await server.db
      .transaction()
      .execute((trx) => emitWebhookEvent(trx, server.orgIds.proA, 'order.paid', { id: order.id }, stamp, `order:${order.id}`));
    await deliverAll();
    const sent = ofOrder('/pro', order.id);
    expect(typesOf(sent)).toEqual(['order.created', 'order.paid']);
    expect(payloadOf(sent[1]!).timestamp).toBe(stamp.toISOString());
  });
});

describe('order.expired', () => {
  it('the sweep announces an order expired short of its amount once, with two sweeps at once; one paid in time never', async () => {
    const short = await createOrder('9', 5);
    const paidInTime = await createOrder('6', 5);
    const untouched = await createOrder('2', 5);
    await pay(short, '4');
    await pay(paidInTime, '6');
    // Before the expiry the sweep finds nothing of them.
    await announceExpiredOrders(server.db, server.now());
    server.advanceClock(6 * 60_000);
    // Two instances sweeping side by side.
    await Promise.all([announceExpiredOrders(server.db, server.now()), announceExpiredOrders(server.db, server.now())]);
    await announceExpiredOrders(server.db, server.now());
    await deliverAll();
    expect(typesOf(ofOrder('/pro', short.id))).toEqual(['order.created', 'order.underpaid', 'order.expired']);
    expect(typesOf(ofOrder('/pro', untouched.id))).toEqual(['order.created', 'order.expired']);
    expect(typesOf(ofOrder('/pro', paidInTime.id))).toEqual(['order.created', 'order.paid']);
    const [expired] = ofOrder('/pro', short.id).slice(-1);
    verify(expired!);
    const payload = payloadOf(expired!);
    expect(payload.data).toMatchObject({ id: short.id, status: 'expired', received: '4', amount: '9' });
    expect(payload.timestamp).toBe(payload.data.expiresAt);
    expect(await written('order.expired', 'id', short.id)).toEqual([{ orgId: server.orgIds.proA, subject: `order:${short.id}` }]);
    expect(otherOrgGot('id', short.id)).toEqual([]);
  });

  it('an expired order paid late afterwards gets order.paid_late after its order.expired', async () => {
    const order = await expiredOrder('7');
    await announceExpiredOrders(server.db, server.now());
    await pay(order, '7');
    await deliverAll();
    expect(typesOf(ofOrder('/pro', order.id))).toEqual(['order.created', 'order.expired', 'order.paid_late']);
  });

  it('an order paid late before the sweep reached it gets order.paid_late, and no order.expired after it', async () => {
    const order = await expiredOrder('8');
    await pay(order, '8');
    await announceExpiredOrders(server.db, server.now());
    await deliverAll();
    expect(typesOf(ofOrder('/pro', order.id))).toEqual(['order.created', 'order.paid_late']);
    const { expiryAnnouncedAt } = await server.db
      .selectFrom('paymentOrder')
      .select('expiryAnnouncedAt')
      .where('id', '=', order.id)
      .executeTakeFirstOrThrow();
    expect(expiryAnnouncedAt).not.toBeNull();
  });
});

describe('a repair’s credit', () => {
  it('a re-credit of an expired order writes the order event the watcher would (order.paid), once', async () => {
    const order = await expiredOrder('5');
    await announceExpiredOrders(server.db, server.now());
    // Paid late (order.paid_late); the operator accepts the payment and credits it.
    await pay(order, '5');
    const transfer = await server.db
      .selectFrom('chainTransfer')
      .select('txHash')
      .where('toAddress', '=', order.depositAddress)
      .executeTakeFirstOrThrow();
    ok(
      await server.as('superAdmin').call('POST', ApiPath.orderRepair.recredit, {
        body: { orderId: order.id, txHash: transfer.txHash, reason: 'Paid late, accepted.' },
      }),
    );
    await deliverAll();
    expect(typesOf(ofOrder('/pro', order.id))).toEqual(['order.created', 'order.expired', 'order.paid_late', 'order.paid']);
    expect(payloadOf(ofOrder('/pro', order.id)[3]!).data).toMatchObject({ status: 'paid', txHash: transfer.txHash });
  });

  it('a re-check that finds an expired order’s late payment writes order.paid, once', async () => {
    const order = await expiredOrder('6');
    await pay(order, '6');
    const answer = ok(
      await server
        .as('superAdmin')
        .call<{ recheck: { paid: boolean } }>('POST', ApiPath.orderRepair.recheck, { body: { orderId: order.id } }),
    );
    expect(answer.recheck.paid).toBe(true);
    await deliverAll();
    expect(typesOf(ofOrder('/pro', order.id))).toEqual(['order.created', 'order.paid_late', 'order.paid']);
    expect(ofOrder('/std', order.id)).toEqual([]);
  });
});

/** The devnet's wallet transfers, to make one revert as a mined and failed transaction does. */
async function walletChain(): Promise<{ transfer: WalletChain['transfer'] }> {
  const adapter: ChainAdapter = await server.app.context.chains.adapterFor({ chainId: ETH_CHAIN, family: 'evm', rpcUrl: '' });
  return adapter.wallets as { transfer: WalletChain['transfer'] };
}
/** Runs `body` while the chain reverts every transfer to `to`. */
async function revertingTo<T>(to: string, body: () => Promise<T>): Promise<T> {
  const wallets = await walletChain();
  const real = wallets.transfer;
  wallets.transfer = async (from, dest, token, amount, journal) =>
    dest.toLowerCase() === to.toLowerCase()
      ? {
          outcome: 'reverted',
          txHash: `0x${'7e'.repeat(32)}` as Hex,
          blockNumber: 1n,
          gasUsed: 60_000n,
          fee: 123_000_000_000_000n,
          from: getAddress(from),
        }
      : real.call(wallets, from, dest, token, amount, journal);
  try {
    return await body();
  } finally {
    wallets.transfer = real;
  }
}

describe('refund.executed', () => {
  const refund = (orderId: number) =>
    server.as('merchantProManager').call<RefundView>('POST', ApiPath.orderRefund.run, { body: { orderId, toAddress: payer.address } });

  it('a refund the chain reverted gives none; the refund that pays gives one, with its order, amount, hash and destination', async () => {
    const order = await orderPayer({ server, devnet, usdt, payer }, 'webhook-refund')('10', '13');
    // The refund's transaction was mined and failed: its movement failed, nothing left the address.
    const failed = ok(await revertingTo(payer.address, () => refund(order.id)));
    expect(failed.refund).toMatchObject({ status: 'failed' });
    await deliverAll();
    expect(await written('refund.executed', 'orderId', order.id)).toEqual([]);

    const answer = ok(await refund(order.id));
    expect(answer.refund).toMatchObject({ status: 'executed', amount: '3' });
    await deliverAll();
    const got = at('/pro', (p) => p.type === 'refund.executed' && p.data.orderId === order.id);
    expect(got).toHaveLength(1);
    verify(got[0]!);
    expect(payloadOf(got[0]!).data).toEqual({
      movementId: answer.refund!.movementId,
      proposalId: null,
      orderId: order.id,
      orderNo: order.orderNo,
      walletId: expect.any(Number),
      chainId: ETH_CHAIN,
      currency: 'USDT',
      amount: '3',
      fee: '0',
      toAddress: payer.address,
      txHash: answer.refund!.txHash,
      executedAt: expect.any(String),
    });
    expect(await written('refund.executed', 'orderId', order.id)).toEqual([{ orgId: server.orgIds.proA, subject: `order:${order.id}` }]);
    expect(otherOrgGot('orderId', order.id)).toEqual([]);
  });
});

describe('refund.executed of a movement of kind refund', () => {
  it('a refund naming a paid order, out of the hot wallet, gives one naming the order', async () => {
    const wallet = (await walletIdsByLabel(server))['Aurora deposits']!;
    const paid = await firstPaidOrder(server, server.orgIds.proA);
    const order = await server.db.selectFrom('paymentOrder').select('id').where('orderNo', '=', paid.orderNo).executeTakeFirstOrThrow();
    const sent = ok(
      await server.as('merchantProManager').call<MovementRecord>('POST', ApiPath.movement.save, {
        body: { kind: 'refund', walletId: wallet, orderNo: paid.orderNo, to: EXTERNAL, symbol: paid.symbol, amount: '1', memo: '' },
      }),
    );
    expect(sent).toMatchObject({ status: 'executed' });
    await deliverAll();
    const got = at('/pro', (p) => p.type === 'refund.executed' && p.data.movementId === sent.id);
    expect(got).toHaveLength(1);
    expect(payloadOf(got[0]!).data).toMatchObject({ orderId: order.id, orderNo: paid.orderNo, amount: '1', toAddress: EXTERNAL });
    expect(await written('refund.executed', 'movementId', sent.id)).toEqual([{ orgId: server.orgIds.proA, subject: `order:${order.id}` }]);
    expect(otherOrgGot('movementId', sent.id)).toEqual([]);
  });
});

describe('withdrawal.executed', () => {
  let wallet: number;
  beforeAll(async () => {
    wallet = (await walletIdsByLabel(server))['Aurora deposits']!;
  });
  const withdraw = (amount: string) =>
    server.as('merchantProManager').call<MovementRecord>('POST', ApiPath.movement.save, {
      body: { kind: 'withdraw', walletId: wallet, to: EXTERNAL, symbol: 'USDT', amount, memo: '' },
    });

  it('a withdrawal out of the hot wallet gives one, with its amount, fee, hash and destination; one the chain reverted gives none', async () => {
    const reverted = await revertingTo(EXTERNAL, () => withdraw('13'));
    expect(reverted.code).toBe(409);
    const sent = ok(await withdraw('14'));
    expect(sent).toMatchObject({ status: 'executed', amount: '14' });
    await deliverAll();
    const got = at('/pro', (p) => p.type === 'withdrawal.executed');
    expect(got.map((r) => payloadOf(r).data.movementId)).toEqual([sent.id]);
    verify(got[0]!);
    const movement = await server.db
      .selectFrom('movement')
      .select(['txHash', sql<string>`trim_scale(fee)::text`.as('fee')])
      .where('id', '=', sent.id)
      .executeTakeFirstOrThrow();
    expect(payloadOf(got[0]!).data).toEqual({
      movementId: sent.id,
      proposalId: null,
      walletId: wallet,
      chainId: ETH_CHAIN,
      currency: 'USDT',
      amount: '14',
      fee: movement.fee,
      toAddress: EXTERNAL,
      txHash: movement.txHash,
      executedAt: expect.any(String),
    });
    expect(await written('withdrawal.executed', 'movementId', sent.id)).toEqual([
      { orgId: server.orgIds.proA, subject: `movement:${sent.id}` },
    ]);
    expect(otherOrgGot('movementId', sent.id)).toEqual([]);
  });

  it('a withdrawal by proposal out of a Safe gives one when its confirm executes it, carrying the chain’s hash, not the Safe’s', async () => {
    const sign = signClient(server);
    const safe = (await walletIdsByLabel(server))['Aurora cold']!;
    const started = await sign.start('merchantProManager', { ...ethPayout(safe, '0.3'), kind: 'withdraw', to: EXTERNAL });
    expect(started.code).toBe(200);
    const id = started.data.proposalId;
    expect((await sign.act('merchantProFinance', 'approval', id)).data.status).toBe('approved');
    await deliverAll();
    expect(await written('withdrawal.executed', 'proposalId', id)).toEqual([]);
    const confirmed = await sign.act('merchantProEmployee', 'confirm', id);
    expect(confirmed.data.status).toBe('executed');
    await deliverAll();
    const got = at('/pro', (p) => p.type === 'withdrawal.executed' && p.data.proposalId === id);
    expect(got).toHaveLength(1);
    expect(payloadOf(got[0]!).data).toMatchObject({
      proposalId: id,
      walletId: safe,
      currency: 'ETH',
      amount: '0.3',
      toAddress: EXTERNAL,
      txHash: confirmed.data.txHash,
    });
    expect(await written('withdrawal.executed', 'proposalId', id)).toEqual([{ orgId: server.orgIds.proA, subject: `proposal:${id}` }]);
    expect(otherOrgGot('proposalId', id)).toEqual([]);
  });

  it('a withdrawal whose booking failed after the chain moved gets its one event from the resume, two resumes at once', async () => {
    // The event's write fails once: the booking it belongs to rolls back with it (the outbox is that transaction).
    await sql`CREATE OR REPLACE FUNCTION test_event_fails() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN RAISE EXCEPTION 'the booking fails (test)'; END $$`.execute(server.db);
    await sql`CREATE TRIGGER test_event_fails BEFORE INSERT ON webhook_event FOR EACH ROW
      WHEN (NEW.type = 'withdrawal.executed') EXECUTE FUNCTION test_event_fails()`.execute(server.db);
    let sent: MovementRecord;
    try {
      sent = ok(await withdraw('15'));
    } finally {
      await sql`DROP TRIGGER test_event_fails ON webhook_event`.execute(server.db);
    }
    expect(sent).toMatchObject({ status: 'sending' });
    expect(await written('withdrawal.executed', 'movementId', sent.id)).toEqual([]);
    const resume = () =>
      resumeOutflows({ db: server.db, chains: server.app.context.chains, now: server.app.context.now }, (owner, error) => {
        throw new Error(`resume of ${JSON.stringify(owner)} failed: ${String(error)}`);
      });
    await Promise.all([resume(), resume()]);
    await vi.waitFor(
      async () =>
        expect((await server.db.selectFrom('movement').select('status').where('id', '=', sent.id).executeTakeFirstOrThrow()).status).toBe(
          'executed',
        ),
      { timeout: 20_000, interval: 100 },
    );
    await resume();
    await deliverAll();
    expect(await written('withdrawal.executed', 'movementId', sent.id)).toHaveLength(1);
    expect(at('/pro', (p) => p.type === 'withdrawal.executed' && p.data.movementId === sent.id)).toHaveLength(1);
  }, 60_000);
});
