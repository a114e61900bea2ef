import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodeFunctionData, erc20Abi, getAddress, parseUnits, type Address } from 'viem';
import type { TestServer } from './harness';
import { ETH_CHAIN } from './signSupport';
import { readChainUpTo, startDepositServer } from './chainSupport';
import { newApiKey } from './apiKeySupport';
import { devnetAccount, type Devnet } from '../../server/chain/evm/devnet';
import { deliverDue, retryDelayMs, WEBHOOK_MAX_ATTEMPTS, WEBHOOK_RETRY_SCHEDULE_MS } from '../../server/modules/webhook/delivery';
import { emitWebhookEvent } from '../../server/modules/webhook/outbox';
import { ApiPath, withId } from '../../src/contract/apiPaths';
import { BodyCode, type Envelope, type ListResult } from '../../src/contract/envelope';
import type { WebhookDeliveryRecord, WebhookRecord } from '../../src/contract/schemas/webhook';
import { WEBHOOK_EVENTS, WEBHOOK_SECRET_FORMAT } from '../../src/contract/webhook';
import { ok, webhookRunner, deliverAll as deliverAllOn } from './webhookSupport';
import { startReceiver, verifyWebhook as verify, type Received } from '../support/webhookReceiver';

/**
 * Webhooks (docs/webhooks.md): endpoints per merchant org, events written with the change they
 * report, delivered signed (verified here with the standardwebhooks library) at least once and
 * exactly once per event and endpoint however many instances deliver, retried on failure with the
 * same webhook-id, never to another org, never to an internal address on a real network.
 */

interface Payload {
  type: string;
  timestamp: string;
  data: { id: number; status: string; checkoutUrl: string; received: string };
}

let server: TestServer;
let devnet: Devnet;
let usdt: { id: number; contractAddress: Address; decimals: number };
let writeKey: string;
let receiver: Awaited<ReturnType<typeof startReceiver>>;
let base: string;
/** webhook-ids a flaky path has failed once already. */
const failedOnce = new Set<string>();
const customer = devnetAccount('a payer told by webhooks');

beforeAll(async () => {
  ({ server, devnet, usdt } = await startDepositServer(customer.address));
  writeKey = await newApiKey(server, 'merchantProManager', ['orders:write', 'orders:read']);
  // A receiver on loopback: /gone answers 410, /flaky 500 the first time it sees a webhook-id, the rest 204.
  receiver = await startReceiver(({ path, headers }) => {
    const id = String(headers['webhook-id']);
    if (path === '/gone') return 410;
    if (path === '/flaky' && !failedOnce.has(id)) {
      failedOnce.add(id);
      return 500;
    }
    return undefined;
  });
  base = receiver.base;
}, 120_000);
afterAll(async () => {
  await receiver?.close();
  await server?.close();
});

const hooks = (account: string) => server.as(account).resource(ApiPath.webhook);
const saveHook = async (account: string, path: string, events: readonly string[] = WEBHOOK_EVENTS) =>
  ok((await hooks(account).save({ url: `${base}${path}`, events, description: path })) as Envelope<WebhookRecord>);
const createOrder = (amount: string, extra: Record<string, unknown> = {}) =>
  server.call<{ id: number; depositAddress: string }>('POST', ApiPath.merchant.orders, {
    headers: { authorization: `Bearer ${writeKey}` },
    body: { amount, currency: 'USDT', chainId: ETH_CHAIN, ...extra },
  });
const readOrder = (id: number) =>
  server.call<Payload['data']>('GET', withId(ApiPath.merchant.order, id), { headers: { authorization: `Bearer ${writeKey}` } });

async function pay(to: string, amount: string) {
  await devnet.send(customer, {
    to: usdt.contractAddress,
    data: encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [getAddress(to), parseUnits(amount, usdt.decimals)] }),
  });
  await readChainUpTo(server, ETH_CHAIN, await devnet.client.getBlockNumber());
}

/** Two instances' loops at once, pass after pass, until neither finds a delivery due. */
const deliverAll = () => deliverAllOn(server);

const at = (path: string) => receiver.at(path);
const payloadOf = (r: Received) => JSON.parse(r.body) as Payload;
const ofOrder = (path: string, orderId: number) => at(path).filter((r) => payloadOf(r).data.id === orderId);

describe('webhook endpoints', () => {
  it('create answers the secret once; list and detail never show it, nor does the audit trail', async () => {
    const made = await saveHook('merchantProManager', '/audited', ['order.paid']);
    expect(made.secret).toMatch(WEBHOOK_SECRET_FORMAT);
    expect(made).toMatchObject({ url: `${base}/audited`, events: ['order.paid'], enabled: true, createdBy: 'merchantProManager' });
    const shown = ok(await hooks('merchantProManager').detail(made.id));
    expect(shown).not.toHaveProperty('secret');
    const listed = ok(await hooks('merchantProManager').list({ pageSize: 100 }));
    expect((listed as ListResult<WebhookRecord>).list.map((h) => h.id)).toContain(made.id);
    const rotated = ok(await server.as('merchantProManager').call<WebhookRecord>('POST', withId(ApiPath.webhook.rotate, made.id)));
    expect(rotated.secret).toMatch(WEBHOOK_SECRET_FORMAT);
    expect(rotated.secret).not.toBe(made.secret);
    ok(
      await hooks('merchantProManager').update(made.id, {
        url: `${base}/audited`,
        events: ['order.paid', 'order.created'],
        enabled: false,
      }),
    );
    const events = await server.db
      .selectFrom('auditEvent')
      .selectAll()
      .where('entity', '=', 'webhook')
      .where('entityId', '=', String(made.id))
      .execute();
    expect(events.map((e) => e.action)).toEqual(['create', 'update', 'update']);
    for (const text of [JSON.stringify(shown), JSON.stringify(listed), JSON.stringify(events)]) {
      expect(text).not.toContain(made.secret!);
      expect(text).not.toContain(rotated.secret!);
      expect(text).not.toMatch(/"(previous_?)?[sS]ecret"/);
    }
    ok(await hooks('merchantProManager').remove(made.id));
  });

  it('refuses every role but a merchant org’s managers (403), and another org’s endpoint is not found (404)', async () => {
    const mine = await saveHook('merchantProManager', '/guarded', ['order.paid']);
    for (const account of ['superAdmin', 'operatorEmployee', 'agentManager', 'merchantProFinance', 'merchantProEmployee']) {
      expect((await hooks(account).save({ url: `${base}/no`, events: ['order.paid'] })).code, account).toBe(BodyCode.forbidden);
      expect((await hooks(account).list()).code, account).toBe(BodyCode.forbidden);
    }
    const other = hooks('merchantStdManager');
    expect(ok(await other.list({ pageSize: 100 })).list.map((h) => (h as WebhookRecord).id)).not.toContain(mine.id);
    expect((await other.detail(mine.id)).code).toBe(BodyCode.notFound);
    expect((await other.update(mine.id, { url: `${base}/taken`, events: ['order.paid'] })).code).toBe(BodyCode.notFound);
    expect((await server.as('merchantStdManager').call('POST', withId(ApiPath.webhook.rotate, mine.id))).code).toBe(BodyCode.notFound);
    expect((await other.remove(mine.id)).code).toBe(BodyCode.notFound);
    ok(await hooks('merchantProManager').remove(mine.id));
  });

  it('refuses bad input with a 400 naming the field', async () => {
    for (const [body, field] of [
      [{ url: 'ftp://example.com/', events: ['order.paid'] }, 'url'],
      [{ url: 'http://example.com/', events: ['order.paid'] }, 'url'],
      [{ url: `${base}/x`, events: [] }, 'events'],
      [{ url: `${base}/x`, events: ['order.paid', 'payout.done'] }, 'events'],
    ] as const) {
      const refused = await hooks('merchantProManager').save(body);
      expect(refused.code, JSON.stringify(body)).toBe(BodyCode.badRequest);
      expect(Object.keys(refused.data as object)).toEqual([field]);
    }
    // A malformed URL and a wrong event list: one answer names both, so the form shows both at once.
    const both = await hooks('merchantProManager').save({ url: 'not a url', events: ['payout.done'] });
    expect(both.code).toBe(BodyCode.badRequest);
    expect(Object.keys(both.data as object).sort()).toEqual(['events', 'url']);
  });

  it('on a real network (rpc mode) refuses a URL to a private, loopback or link-local address, and plain http', async () => {
    const { config } = server.app.context;
    config.chainMode = 'rpc';
    try {
      for (const url of [
        'https://127.0.0.1/hook',
        'https://10.1.2.3/hook',
        'https://169.254.169.254/latest',
        'https://[::1]/hook',
        'https://[fd00::1]/hook',
        'https://localhost/hook',
        `${base}/ok`,
      ]) {
        const refused = await hooks('merchantProManager').save({ url, events: ['order.paid'] });
        expect(refused.code, url).toBe(BodyCode.badRequest);
        expect(Object.keys(refused.data as object), url).toEqual(['url']);
      }
    } finally {
      config.chainMode = 'devnet';
    }
  });

  it('asks an enrolled manager for a fresh second factor to create an endpoint and to rotate its secret', async () => {
    const lite = server.as('merchantLiteManager');
    const made = await saveHook('merchantLiteManager', '/stepped', ['order.paid']);
    const stepped = await lite.steppedUp();
    server.advanceClock(5 * 60_000 + 1_000);
    expect((await hooks('merchantLiteManager').save({ url: `${base}/stepped`, events: ['order.paid'] })).code).toBe(
      BodyCode.stepUpRequired,
    );
    expect((await lite.call('POST', withId(ApiPath.webhook.rotate, made.id))).code).toBe(BodyCode.stepUpRequired);
    await stepped.steppedUp();
    ok(await lite.call('POST', withId(ApiPath.webhook.rotate, made.id)));
  });
});

describe('order events, delivered', () => {
  let proHook: WebhookRecord;
  let otherOrgHook: WebhookRecord;

  beforeAll(async () => {
    proHook = await saveHook('merchantProManager', '/pro');
    otherOrgHook = await saveHook('merchantStdManager', '/std');
  });

  it('an order created by API key yields exactly one order.created, signed, carrying the order as the merchant API answers it', async () => {
    const order = ok(await createOrder('12'));
    await deliverAll();
    const got = ofOrder('/pro', order.id);
    expect(got.map((r) => payloadOf(r).type)).toEqual(['order.created']);
    verify(proHook.secret!, got[0]!);
    const answer = ok(await readOrder(order.id));
    expect(payloadOf(got[0]!).data).toEqual(answer);
    expect(payloadOf(got[0]!).timestamp).toMatch(/^\d{4}-\d\d-\d\dT/);
  });

  it('paying on the devnet yields one event per change of state, each once, with two instances delivering at once', async () => {
    const order = ok(await createOrder('12'));
    // Each event delivered before the next change, so the test reads each change's event on its own (one order's events go out in order: webhookEvents.test.ts).
    await deliverAll();
    await pay(order.depositAddress, '5');
    await deliverAll();
    await pay(order.depositAddress, '7');
    await deliverAll();
    await pay(order.depositAddress, '1');
    await deliverAll();
    // A second pass finds nothing left: each delivery was sent once.
    await deliverAll();
    const got = ofOrder('/pro', order.id);
    expect(got.map((r) => payloadOf(r).type)).toEqual(['order.created', 'order.underpaid', 'order.paid', 'order.overpaid']);
    expect(got.map((r) => payloadOf(r).data.status)).toEqual(['pending', 'underpaid', 'paid', 'overpaid']);
    expect(new Set(got.map((r) => r.headers['webhook-id'])).size).toBe(4);
    for (const r of got) verify(proHook.secret!, r);
    const rows = await server.db
      .selectFrom('webhookDelivery')
      .select(['status', 'attempts'])
      .where('endpointId', '=', proHook.id)
      .where('status', '!=', 'delivered')
      .execute();
    expect(rows).toEqual([]);
  });

  it('a payment completing an order after its expiry yields order.paid_late', async () => {
    // Made an hour ago on the server's clock, for five minutes: expired long before the chain's next block.
    server.advanceClock(-60 * 60_000);
    const order = ok(await createOrder('8', { expiresInMinutes: 5 }));
    server.advanceClock(60 * 60_000);
    await deliverAll();
    await pay(order.depositAddress, '8');
    await deliverAll();
    const got = ofOrder('/pro', order.id);
    expect(got.map((r) => payloadOf(r).type)).toEqual(['order.created', 'order.paid_late']);
    expect(payloadOf(got[1]!).data).toMatchObject({ status: 'paid_late', received: '8' });
  });

  it('an endpoint of another org never receives this org’s events', async () => {
    expect(at('/std')).toEqual([]);
    const rows = await server.db.selectFrom('webhookDelivery').select('id').where('endpointId', '=', otherOrgHook.id).execute();
    expect(rows).toEqual([]);
  });

  it('an event no endpoint of its org asks for is not written', async () => {
    const orgId = server.orgIds.liteC;
    // The lite org's one endpoint asks for order.paid alone.
    const written = await server.db
      .transaction()
      .execute((trx) => emitWebhookEvent(trx, orgId, 'order.created', { id: 0 }, server.now(), null));
    expect(written).toBeNull();
    expect(await server.db.selectFrom('webhookEvent').select('id').where('orgId', '=', orgId).execute()).toEqual([]);
    const paid = await server.db.transaction().execute((trx) => emitWebhookEvent(trx, orgId, 'order.paid', { id: 0 }, server.now(), null));
    expect(paid).not.toBeNull();
    await server.db.deleteFrom('webhookDelivery').where('eventId', '=', paid!).execute();
  });

  it('a 500 is tried again later with the same webhook-id, then delivered; a 410 is given up at once', async () => {
    const flaky = await saveHook('merchantProManager', '/flaky', ['order.created']);
    const gone = await saveHook('merchantProManager', '/gone', ['order.created']);
    const order = ok(await createOrder('3'));
    await deliverAll();
    const state = (endpointId: number) =>
      server.db
        .selectFrom('webhookDelivery')
        .select(['status', 'attempts', 'lastStatus', 'lastError'])
        .where('endpointId', '=', endpointId)
        .executeTakeFirstOrThrow();
    expect(await state(flaky.id)).toMatchObject({ status: 'pending', attempts: 1, lastStatus: 500 });
    expect(await state(gone.id)).toMatchObject({
      status: 'failed',
      attempts: 1,
      lastStatus: 410,
      lastError: expect.stringContaining('410'),
    });
    // The first retry waits about 5 s (docs/webhooks.md "Delivery and retries").
    server.advanceClock(6_000);
    await deliverAll();
    expect(await state(flaky.id)).toMatchObject({ status: 'delivered', attempts: 2, lastStatus: 204 });
    const tries = ofOrder('/flaky', order.id);
    expect(tries).toHaveLength(2);
    expect(tries[1]!.headers['webhook-id']).toBe(tries[0]!.headers['webhook-id']);
    expect(tries[1]!.body).toBe(tries[0]!.body);
    for (const r of tries) verify(flaky.secret!, r);
    expect(ofOrder('/gone', order.id)).toHaveLength(1);
    // The endpoint's page shows its log; another org's manager finds no such endpoint.
    const log = (account: string, id: number) =>
      server.as(account).call<{ list: WebhookDeliveryRecord[] }>('GET', ApiPath.webhook.deliveries, { query: { id } });
    expect(ok(await log('merchantProManager', flaky.id)).list).toEqual([
      expect.objectContaining({
        type: 'order.created',
        status: 'delivered',
        attempts: 2,
        lastStatus: 204,
        msgId: tries[0]!.headers['webhook-id'],
      }),
    ]);
    expect(ok(await log('merchantProManager', gone.id)).list).toEqual([expect.objectContaining({ status: 'failed', lastStatus: 410 })]);
    expect((await log('merchantStdManager', flaky.id)).code).toBe(BodyCode.notFound);
    expect((await log('merchantProFinance', flaky.id)).code).toBe(BodyCode.forbidden);
    for (const hook of [flaky, gone]) ok(await hooks('merchantProManager').remove(hook.id));
  });

  it('a delivery whose sender died mid-request is sent again once its lease has passed', async () => {
    const order = ok(await createOrder('4'));
    // An instance claimed it and died: the claim's lease pushed it a minute out, nothing recorded.
    const claimedUntil = new Date(server.now().getTime() + 60_000);
    await server.db
      .updateTable('webhookDelivery')
      .set((eb) => ({ attempts: eb('attempts', '+', 1), nextAttemptAt: claimedUntil }))
      .where('endpointId', '=', proHook.id)
      .where('status', '=', 'pending')
      .execute();
    await deliverAll();
    expect(ofOrder('/pro', order.id)).toEqual([]);
    server.advanceClock(61_000);
    await deliverAll();
    expect(ofOrder('/pro', order.id).map((r) => payloadOf(r).type)).toEqual(['order.created']);
  });

  it('on a real network the address is checked again when delivering: a URL now internal is not sent to', async () => {
    const order = ok(await createOrder('2'));
    const results = await deliverDue(webhookRunner(server, 'rpc'));
    expect(results.length).toBeGreaterThan(0);
    expect(ofOrder('/pro', order.id)).toEqual([]);
    const row = await server.db
      .selectFrom('webhookDelivery')
      .select(['status', 'lastError'])
      .where('endpointId', '=', proHook.id)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: 'pending', lastError: expect.stringContaining('refused') });
  });

  it('after a rotation the old and the new secret both verify for 24 hours, then the new one alone', async () => {
    const rotated = ok(await server.as('merchantProManager').call<WebhookRecord>('POST', withId(ApiPath.webhook.rotate, proHook.id)));
    expect(rotated.previousSecretUntil).not.toBeNull();
    const order = ok(await createOrder('6'));
    await deliverAll();
    const [during] = ofOrder('/pro', order.id);
    expect(String(during!.headers['webhook-signature']).split(' ')).toHaveLength(2);
    verify(proHook.secret!, during!);
    verify(rotated.secret!, during!);
    server.advanceClock(24 * 3_600_000 + 60_000);
    const later = ok(await createOrder('6'));
    await deliverAll();
    const [after] = ofOrder('/pro', later.id);
    verify(rotated.secret!, after!);
    expect(() => verify(proHook.secret!, after!)).toThrow();
  });
});

describe('the retry schedule', () => {
  it('spreads 12 attempts over about three days, each wait within 10 % of the schedule', () => {
    expect(WEBHOOK_MAX_ATTEMPTS).toBe(12);
    const total = WEBHOOK_RETRY_SCHEDULE_MS.reduce((sum, ms) => sum + ms, 0);
    expect(total / 86_400_000).toBeGreaterThan(2.5);
    expect(total / 86_400_000).toBeLessThan(3.2);
    expect(retryDelayMs(1, () => 0)).toBe(4_500);
    expect(retryDelayMs(1, () => 1)).toBe(5_500);
    expect(retryDelayMs(4, () => 0.5)).toBe(2 * 3_600_000);
    expect(retryDelayMs(11, () => 0.5)).toBe(10 * 3_600_000);
  });
});
