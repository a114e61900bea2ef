import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './harness';
import { deliverDue } from '../../server/modules/webhook/delivery';
import { ApiPath, withId } from '../../src/contract/apiPaths';
import { BodyCode, type Envelope } from '../../src/contract/envelope';
import type { FailingWebhook, WebhookDeliveryRecord, WebhookRecord } from '../../src/contract/schemas/webhook';
import { WEBHOOK_AUTO_DISABLE_MS, WEBHOOK_DISABLED_NOTICE, WEBHOOK_EVENTS, WEBHOOK_TEST_EVENT } from '../../src/contract/webhook';
import type { NotificationRecord } from '../../src/contract/schemas/notification';
import { deliverAll, ok, webhookRunner } from './webhookSupport';
import { startReceiver, verifyWebhook } from '../support/webhookReceiver';

/**
 * The delivery log and what a manager does with it (docs/webhooks.md "The delivery log"): the
 * payload in the log, a delivery sent again with its webhook-id (once, however many clicks), a
 * test event to one endpoint, an endpoint failing for 5 days turned off by the loop and turned
 * back on by a manager, and /home naming a failing endpoint to its org's managers alone. Another
 * org's manager and a non-manager can do none of it, and nothing is written when they try.
 */

let server: TestServer;
let receiver: Awaited<ReturnType<typeof startReceiver>>;

beforeAll(async () => {
  server = await startTestServer();
  // /fail answers 500 always; everything else 204.
  receiver = await startReceiver(({ path }) => (path === '/fail' ? 500 : undefined));
}, 120_000);
afterAll(async () => {
  await receiver?.close();
  await server?.close();
});

const MANAGER = 'merchantProManager';
const hooks = (account: string) => server.as(account).resource(ApiPath.webhook);
const saveHook = async (path: string, events: readonly string[] = WEBHOOK_EVENTS) =>
  ok((await hooks(MANAGER).save({ url: `${receiver.base}${path}`, events, description: path })) as Envelope<WebhookRecord>);
const sendTest = (account: string, endpointId: number) =>
  server.as(account).call<WebhookDeliveryRecord>('POST', withId(ApiPath.webhook.test, endpointId));
const resend = (account: string, deliveryId: number) =>
  server.as(account).call<WebhookDeliveryRecord>('POST', withId(ApiPath.webhook.resend, deliveryId));
const log = async (endpointId: number) =>
  ok(await server.as(MANAGER).call<{ list: WebhookDeliveryRecord[] }>('GET', ApiPath.webhook.deliveries, { query: { id: endpointId } }))
    .list;
/** The account's app-bar notices that an endpoint was turned off. */
const disabledNotices = async (account: string) =>
  ok(await server.as(account).call<{ list: NotificationRecord[] }>('GET', ApiPath.notification.list)).list.filter(
    (n) => n.kind === WEBHOOK_DISABLED_NOTICE,
  );
const failing = async (account: string) =>
  ok(await server.as(account).call<{ list: FailingWebhook[] }>('GET', ApiPath.webhook.failing)).list;
const delivery = (id: number) =>
  server.db
    .selectFrom('webhookDelivery')
    .select(['status', 'attempts', 'msgId', 'lastError'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
/** What a refused attempt could have written: events, deliveries and the audit trail's webhook events. */
const written = async () => ({
  events: (await server.db.selectFrom('webhookEvent').select('id').execute()).length,
  deliveries: await server.db.selectFrom('webhookDelivery').select(['id', 'status', 'attempts']).orderBy('id').execute(),
  audit: (await server.db.selectFrom('auditEvent').select('id').where('entity', '=', 'webhook').execute()).length,
});

describe('a test event', () => {
  it('reaches only the endpoint it was sent to, signed, as `webhook.test`, and the log shows its payload', async () => {
    expect(WEBHOOK_EVENTS).not.toContain(WEBHOOK_TEST_EVENT);
    const tested = await saveHook('/tested');
    const beside = await saveHook('/beside');
    const sent = ok(await sendTest(MANAGER, tested.id));
    expect(sent).toMatchObject({ type: WEBHOOK_TEST_EVENT, status: 'pending', attempts: 0 });
    await deliverAll(server);
    const got = receiver.at('/tested');
    expect(got).toHaveLength(1);
    expect(got[0]!.headers['webhook-id']).toBe(sent.msgId);
    const payload = verifyWebhook(tested.secret!, got[0]!) as { type: string; data: { endpointId: number } };
    expect(payload).toMatchObject({ type: WEBHOOK_TEST_EVENT, data: { endpointId: tested.id } });
    expect(receiver.at('/beside')).toEqual([]);
    expect(await log(beside.id)).toEqual([]);
    expect(await log(tested.id)).toEqual([
      expect.objectContaining({ id: sent.id, type: WEBHOOK_TEST_EVENT, status: 'delivered', attempts: 1, lastStatus: 204, payload }),
    ]);
    // Audited: who sent a test to which endpoint.
    const audit = await server.db
      .selectFrom('auditEvent')
      .select(['actorAccount', 'entityId', 'after'])
      .where('action', '=', 'webhookTest')
      .executeTakeFirstOrThrow();
    expect(audit).toMatchObject({
      actorAccount: MANAGER,
      entityId: String(tested.id),
      after: { delivery: String(sent.id), msgId: sent.msgId },
    });
  });

  it('cannot be asked for: an endpoint listing `webhook.test` among its events is refused', async () => {
    const refused = await hooks(MANAGER).save({ url: `${receiver.base}/x`, events: [WEBHOOK_TEST_EVENT] });
    expect(refused.code).toBe(BodyCode.badRequest);
    expect(Object.keys(refused.data as object)).toEqual(['events']);
  });

  it('is refused to another org’s manager (404), to a non-manager (403), for an unknown endpoint (404) and while it is off (409): nothing is written', async () => {
    const mine = await saveHook('/guarded-test');
    const off = await saveHook('/off-test');
    ok(await hooks(MANAGER).update(off.id, { url: `${receiver.base}/off-test`, events: WEBHOOK_EVENTS, enabled: false }));
    const before = await written();
    expect((await sendTest('merchantStdManager', mine.id)).code).toBe(BodyCode.notFound);
    for (const account of ['merchantProFinance', 'merchantProEmployee', 'superAdmin', 'agentManager'])
      expect((await sendTest(account, mine.id)).code, account).toBe(BodyCode.forbidden);
    expect((await sendTest(MANAGER, 999_999)).code).toBe(BodyCode.notFound);
    expect((await sendTest(MANAGER, off.id)).code).toBe(BodyCode.conflict);
    expect(await written()).toEqual(before);
  });
});

describe('sending a delivery again', () => {
  let endpoint: WebhookRecord;
  let sent: WebhookDeliveryRecord;

  beforeAll(async () => {
    endpoint = await saveHook('/again');
    sent = ok(await sendTest(MANAGER, endpoint.id));
  });

  it('is refused while the delivery is pending (due, or under an attempt’s lease)', async () => {
    expect((await resend(MANAGER, sent.id)).code).toBe(BodyCode.conflict);
    // Claimed by an instance that has not recorded the outcome yet: pending under its lease.
    await server.db
      .updateTable('webhookDelivery')
      .set({ attempts: 1, nextAttemptAt: new Date(server.now().getTime() + 60_000) })
      .where('id', '=', sent.id)
      .execute();
    expect((await resend(MANAGER, sent.id)).code).toBe(BodyCode.conflict);
    await server.db.updateTable('webhookDelivery').set({ attempts: 0, nextAttemptAt: server.now() }).where('id', '=', sent.id).execute();
    await deliverAll(server);
    expect(await delivery(sent.id)).toMatchObject({ status: 'delivered', attempts: 1 });
  });

  it('is refused to another org’s manager (404), to a non-manager (403) and for an unknown delivery (404): nothing is written', async () => {
    const before = await written();
    expect((await resend('merchantStdManager', sent.id)).code).toBe(BodyCode.notFound);
    for (const account of ['merchantProFinance', 'merchantProEmployee', 'superAdmin'])
      expect((await resend(account, sent.id)).code, account).toBe(BodyCode.forbidden);
    expect((await resend(MANAGER, 999_999)).code).toBe(BodyCode.notFound);
    expect(await written()).toEqual(before);
  });

  it('two clicks at once make one attempt set, delivered once more with the same webhook-id, and it is audited', async () => {
    const answers = await Promise.all([resend(MANAGER, sent.id), resend(MANAGER, sent.id)]);
    expect(answers.map((a) => a.code).sort()).toEqual([BodyCode.ok, BodyCode.conflict].sort());
    const again = answers.find((a) => a.code === BodyCode.ok)!.data;
    expect(again).toMatchObject({ id: sent.id, msgId: sent.msgId, status: 'pending', attempts: 0 });
    await deliverAll(server);
    const got = receiver.at('/again');
    expect(got).toHaveLength(2);
    expect(got.map((r) => r.headers['webhook-id'])).toEqual([sent.msgId, sent.msgId]);
    expect(got[1]!.body).toBe(got[0]!.body);
    verifyWebhook(endpoint.secret!, got[1]!);
    expect(await delivery(sent.id)).toMatchObject({ status: 'delivered', attempts: 1, msgId: sent.msgId });
    const audit = await server.db
      .selectFrom('auditEvent')
      .select(['actorAccount', 'entityId', 'after'])
      .where('action', '=', 'webhookResend')
      .execute();
    expect(audit).toEqual([
      { actorAccount: MANAGER, entityId: String(endpoint.id), after: { delivery: String(sent.id), msgId: sent.msgId } },
    ]);
  });

  it('sends a failed delivery again, its attempts counted from nought', async () => {
    const fails = await saveHook('/fail-once');
    const test = ok(await sendTest(MANAGER, fails.id));
    // Failed for good (as after its 12th attempt).
    await server.db
      .updateTable('webhookDelivery')
      .set({ status: 'failed', attempts: 12, lastError: 'gave up' })
      .where('id', '=', test.id)
      .execute();
    expect(ok(await resend(MANAGER, test.id))).toMatchObject({ status: 'pending', attempts: 0, msgId: test.msgId });
    await deliverAll(server);
    expect(await delivery(test.id)).toMatchObject({ status: 'delivered', attempts: 1 });
    expect(receiver.at('/fail-once').map((r) => r.headers['webhook-id'])).toEqual([test.msgId]);
  });
});

describe('an endpoint failing for 5 days', () => {
  let endpoint: WebhookRecord;
  let firstFailure: Date;

  beforeAll(async () => {
    endpoint = await saveHook('/fail');
  });

  it('is named on /home to its org’s managers from its first failure, and to no one else', async () => {
    expect((await failing(MANAGER)).map((e) => e.id)).not.toContain(endpoint.id);
    const test = ok(await sendTest(MANAGER, endpoint.id));
    firstFailure = server.now();
    await deliverAll(server);
    expect(await delivery(test.id)).toMatchObject({ status: 'pending', attempts: 1 });
    expect(await failing(MANAGER)).toContainEqual(
      expect.objectContaining({ id: endpoint.id, enabled: true, failingSince: expect.any(String), disabledAt: null }),
    );
    for (const account of ['merchantProFinance', 'merchantProEmployee', 'merchantStdManager', 'superAdmin'])
      expect(
        (await failing(account)).map((e) => e.id),
        account,
      ).not.toContain(endpoint.id);
    expect(await failing('merchantProFinance')).toEqual([]);
  });

  it('is turned off by the delivery loop once 5 days have passed with no 2xx, its pending deliveries failing, its managers told', async () => {
    const justBefore = WEBHOOK_AUTO_DISABLE_MS - (server.now().getTime() - firstFailure.getTime()) - 60_000;
    // The loop's clock just short of 5 days: retries fail, the endpoint stays on.
    await deliverAll(server, justBefore);
    expect(ok(await hooks(MANAGER).detail(endpoint.id))).toMatchObject({ enabled: true, disabledAt: null });
    const pending = ok(await sendTest(MANAGER, endpoint.id));
    const past = justBefore + 2 * 60_000;
    await deliverDue(webhookRunner(server, 'devnet', past));
    const off = ok(await hooks(MANAGER).detail(endpoint.id)) as WebhookRecord;
    expect(off).toMatchObject({ enabled: false, disabledReason: expect.stringContaining('5 days'), disabledAt: expect.any(String) });
    expect(new Date(off.disabledAt!).getTime()).toBeGreaterThan(server.now().getTime() + WEBHOOK_AUTO_DISABLE_MS - 5 * 60_000);
    expect(await delivery(pending.id)).toMatchObject({ status: 'failed', lastError: 'the endpoint was disabled' });
    // The system's change in the audit trail.
    const audit = await server.db
      .selectFrom('auditEvent')
      .select(['actorId', 'route', 'after'])
      .where('entity', '=', 'webhook')
      .where('entityId', '=', String(endpoint.id))
      .where('route', '=', 'webhook auto-disable')
      .execute();
    expect(audit).toEqual([expect.objectContaining({ actorId: null, after: expect.objectContaining({ enabled: false }) })]);
    // Its managers are told in their app bar, once; no one else is.
    expect(await disabledNotices(MANAGER)).toEqual([
      expect.objectContaining({ data: expect.objectContaining({ endpointId: endpoint.id, url: endpoint.url }), readAt: null }),
    ]);
    for (const account of ['merchantProFinance', 'merchantProEmployee', 'merchantStdManager'])
      expect(await disabledNotices(account), account).toEqual([]);
    // A second instance's pass changes nothing more.
    await deliverDue(webhookRunner(server, 'devnet', past + 60_000));
    expect(ok(await hooks(MANAGER).detail(endpoint.id))).toMatchObject({ disabledAt: off.disabledAt });
    expect(await disabledNotices(MANAGER)).toHaveLength(1);
  });

  it('stays on /home for its managers while off, and a manager turning it back on clears the reason and the notice', async () => {
    expect(await failing(MANAGER)).toContainEqual(
      expect.objectContaining({ id: endpoint.id, enabled: false, disabledAt: expect.any(String) }),
    );
    expect((await failing('merchantProFinance')).map((e) => e.id)).not.toContain(endpoint.id);
    const on = ok(await hooks(MANAGER).update(endpoint.id, { url: endpoint.url, events: endpoint.events, enabled: true })) as WebhookRecord;
    expect(on).toMatchObject({ enabled: true, disabledAt: null, disabledReason: null, failingSince: null });
    expect((await failing(MANAGER)).map((e) => e.id)).not.toContain(endpoint.id);
    expect(await disabledNotices(MANAGER)).toEqual([]);
  });
});
