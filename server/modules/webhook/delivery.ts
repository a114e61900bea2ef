import { lookup as dnsLookup, type LookupAddress, type LookupOptions } from 'node:dns';
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { LookupFunction } from 'node:net';
import { sql } from 'kysely';
import { Webhook } from 'standardwebhooks';
import type { Db } from '../../db/database';
import type { ServerConfig } from '../../config';
import { systemAuditContext, withAuditContext } from '../../http/auditContext';
import { WEBHOOK_AUTO_DISABLE_MS } from '../../../src/contract/webhook';
import { isInternalAddress, webhookUrlProblem } from './urlGuard';
import { tellWebhookDisabled } from './disabledNotice';

/** The loop's turning off a failing endpoint, as the audit trail names it. */
const AUTO_DISABLE_CONTEXT = systemAuditContext('webhook auto-disable');

/**
 * Sends the webhook deliveries that are due (docs/webhooks.md "Delivery and retries"), on every
 * instance side by side: a short transaction claims a batch with `for update skip locked` and
 * pushes each one's `next_attempt_at` past the request's end (its lease), so two instances never
 * send one attempt and a process that dies mid-request leaves it due again when the lease passes.
 * Each attempt is signed anew (Standard Webhooks) with the same `webhook-id`; 2xx delivers, 410
 * Gone fails at once, anything else (another code, a time-out, a network error) is tried again on
 * the schedule below, then fails.
 */

/** Waits after the 1st, 2nd, … failed attempt: about three days in all, then failed. */
export const WEBHOOK_RETRY_SCHEDULE_MS = [
  5_000,
  5 * 60_000,
  30 * 60_000,
  2 * 3_600_000,
  5 * 3_600_000,
  10 * 3_600_000,
  10 * 3_600_000,
  10 * 3_600_000,
  10 * 3_600_000,
  10 * 3_600_000,
  10 * 3_600_000,
] as const;
/** The most attempts a delivery gets: the first and one per wait. */
export const WEBHOOK_MAX_ATTEMPTS = WEBHOOK_RETRY_SCHEDULE_MS.length + 1;
/** How long one request may take, all of it. */
export const WEBHOOK_TIMEOUT_MS = 10_000;
/** How long a claimed attempt is its claimer's: well past the time-out, so a live sender always finishes first. */
export const DELIVERY_LEASE_MS = 60_000;
/** Deliveries one pass claims. */
const BATCH = 20;
/** How much of a response is read (then dropped): a receiver answering megabytes costs us nothing. */
const BODY_LIMIT = 64 * 1024;

export interface WebhookRunner {
  db: Db;
  /** The instance's clock: what is due, and when the next attempt is. */
  now: () => Date;
  chainMode: ServerConfig['chainMode'];
  /** Tests: a shorter time-out. */
  timeoutMs?: number;
}

/** The wait after `attempts` failed attempts, ±10 % so that deliveries failing together do not come back together. */
export const retryDelayMs = (attempts: number, random = Math.random): number => {
  const base = WEBHOOK_RETRY_SCHEDULE_MS[Math.min(attempts, WEBHOOK_RETRY_SCHEDULE_MS.length) - 1]!;
  return Math.round(base * (0.9 + 0.2 * random()));
};

interface Claimed {
  id: number;
  attempts: number;
  msgId: string;
  url: string;
  enabled: boolean;
  secret: string;
  previousSecret: string | null;
  previousSecretUntil: Date | null;
  payload: unknown;
}

/**
 * Claims up to `limit` due deliveries for this instance: their lease starts now. A delivery waits
 * while an earlier one (smaller id) of its endpoint and its event's subject is still pending, retried
 * or under way (docs/webhooks.md "Order per subject"): an order's `order.paid` never overtakes its
 * `order.created`; a failed one holds nothing back. The earlier events of a subject are a handful,
 * found in the partial index of pending deliveries by endpoint and subject (migration 045). Written
 * under an `or` so the planner keeps it a probe per candidate, in the due index's order, stopping at
 * `limit`: as an anti join, with statistics from an empty table, it compared every pending delivery
 * with every other (a second and more per pass at 2,000 pending).
 */
async function claimDue(runner: WebhookRunner, limit: number): Promise<Claimed[]> {
  const now = runner.now();
  const leaseUntil = new Date(now.getTime() + DELIVERY_LEASE_MS);
  const { rows } = await sql<Claimed>`
    with due as (
      select d.id from webhook_delivery d
      where d.status = 'pending' and d.next_attempt_at <= ${now}
        and (d.subject is null or not exists (
          select 1 from webhook_delivery pd
          where pd.endpoint_id = d.endpoint_id and pd.subject = d.subject and pd.id < d.id and pd.status = 'pending'))
      order by d.next_attempt_at, d.id
      limit ${limit}
      for update of d skip locked
    ), claimed as (
      update webhook_delivery d
      set next_attempt_at = ${leaseUntil}, attempts = d.attempts + 1, last_attempt_at = ${now}
      from due where d.id = due.id
      returning d.id, d.attempts, d.msg_id, d.endpoint_id, d.event_id
    )
    select c.id, c.attempts, c.msg_id as "msgId", e.url, e.enabled, e.secret,
      e.previous_secret as "previousSecret", e.previous_secret_until as "previousSecretUntil", v.payload
    from claimed c
    join webhook_endpoint e on e.id = c.endpoint_id
    join webhook_event v on v.id = c.event_id
    order by c.id`.execute(runner.db);
  return rows;
}

/**
 * The `webhook-signature` header: the current secret's, and the previous one's while its rotation
 * window lasts on the instance's clock (`now`, the clock the rotation was stamped on); `at` is the
 * signed timestamp.
 */
export function signatureHeader(
  delivery: Omit<Claimed, 'id' | 'attempts' | 'url' | 'enabled' | 'payload'>,
  at: Date,
  body: string,
  now: Date,
): string {
  const secrets = [delivery.secret];
  if (delivery.previousSecret && delivery.previousSecretUntil && delivery.previousSecretUntil.getTime() > now.getTime())
    secrets.push(delivery.previousSecret);
  return secrets.map((secret) => new Webhook(secret).sign(delivery.msgId, at, body)).join(' ');
}

/** What became of one attempt: the HTTP status when an answer came, and why it did not deliver. */
interface Outcome {
  status: number | null;
  error: string | null;
  /** Never tried again (the endpoint was disabled since the event). */
  final?: true;
}

/**
 * rpc mode: the connection's own name lookup refuses an internal address, so a name that resolved
 * to a public address when it was saved cannot be pointed inside later (DNS rebinding).
 */
const guardedLookup: LookupFunction = (hostname, options, callback) => {
  dnsLookup(hostname, { ...(options as LookupOptions), all: true }, (error, found: LookupAddress[]) => {
    if (error) return callback(error, '', 0);
    const internal = found.find((a) => isInternalAddress(a.address));
    if (internal) return callback(new Error(`${hostname} resolves to an internal address (${internal.address})`), '', 0);
    if ((options as LookupOptions).all) return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, found);
    callback(null, found[0]!.address, found[0]!.family);
  });
};

/** One POST of the body, signed, within the time-out. */
async function send(runner: WebhookRunner, delivery: Claimed): Promise<Outcome> {
  const problem = await webhookUrlProblem(delivery.url, runner.chainMode);
  if (problem) return { status: null, error: `the URL is refused now (${problem})` };
  const body = JSON.stringify(delivery.payload);
  // The receiver checks the timestamp against its own clock: the wall clock's, not the instance's.
  const at = new Date();
  const headers = {
    'content-type': 'application/json',
    'content-length': String(Buffer.byteLength(body)),
    'user-agent': 'custody-webhooks/1',
    'webhook-id': delivery.msgId,
    'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
    'webhook-signature': signatureHeader(delivery, at, body, runner.now()),
  };
  const url = new URL(delivery.url);
  const request = url.protocol === 'https:' ? httpsRequest : httpRequest;
  const timeoutMs = runner.timeoutMs ?? WEBHOOK_TIMEOUT_MS;
  return new Promise<Outcome>((resolve) => {
    const req = request(
      url,
      // A connection of its own (no keep-alive pool): a receiver closing an idle kept-alive socket as
      // it is reused would fail the attempt for nothing.
      { method: 'POST', headers, agent: false, ...(runner.chainMode === 'rpc' ? { lookup: guardedLookup } : {}) },
      (res: IncomingMessage) => {
        let read = 0;
        res.on('data', (chunk: Buffer) => {
          read += chunk.length;
          if (read > BODY_LIMIT) res.destroy();
        });
        res.on('close', () => {
          clearTimeout(timer);
          resolve({ status: res.statusCode ?? null, error: null });
        });
      },
    );
    const timer = setTimeout(() => req.destroy(new Error(`no answer within ${timeoutMs} ms`)), timeoutMs);
    req.on('error', (error) => {
      clearTimeout(timer);
      resolve({ status: null, error: error.message });
    });
    req.end(body);
  });
}

/** Records an attempt's outcome, if the delivery is still this attempt's (its lease not taken over). */
async function record(runner: WebhookRunner, delivery: Claimed, outcome: Outcome): Promise<'delivered' | 'failed' | 'pending'> {
  const now = runner.now();
  const ok = outcome.status !== null && outcome.status >= 200 && outcome.status < 300;
  const gone = outcome.status === 410;
  const last = delivery.attempts >= WEBHOOK_MAX_ATTEMPTS;
  const state = ok ? 'delivered' : gone || outcome.final || last ? 'failed' : 'pending';
  const error = ok
    ? null
    : gone
      ? 'the endpoint answered 410 Gone: never tried again'
      : (outcome.error ?? `the endpoint answered ${outcome.status}`) +
        (last && !outcome.final ? `; gave up after ${delivery.attempts} attempts` : '');
  const recorded = await runner.db
    .updateTable('webhookDelivery')
    .set({
      status: state,
      lastStatus: outcome.status,
      lastError: error,
      deliveredAt: ok ? now : null,
      nextAttemptAt: state === 'pending' ? new Date(now.getTime() + retryDelayMs(delivery.attempts)) : now,
    })
    .where('id', '=', delivery.id)
    .where('attempts', '=', delivery.attempts)
    .where('status', '=', 'pending')
    .returning('endpointId')
    .executeTakeFirst();
  // The endpoint's health (docs/webhooks.md "A failing endpoint"): a 2xx ends its failing, a failed
  // attempt starts it if it had not; a delivery dropped because the endpoint is off says nothing of it.
  // Written only when it changes, so deliveries to one endpoint side by side rarely touch its row.
  if (recorded && !outcome.final)
    await runner.db
      .updateTable('webhookEndpoint')
      .set({ failingSince: ok ? null : now })
      .where('id', '=', recorded.endpointId)
      .where('failingSince', ok ? 'is not' : 'is', null)
      .execute();
  return state;
}

/** Why the loop turned an endpoint off, as its page and /home show it. */
const autoDisabledReason = (failingSince: Date): string =>
  `every delivery failed for ${WEBHOOK_AUTO_DISABLE_MS / 86_400_000} days (since ${failingSince.toISOString()}): turned off by the delivery loop`;

/**
 * Turns off the enabled endpoints that have failed, with no 2xx, for 5 days (docs/DECISIONS.md
 * "Webhooks: sending again, test events, turning off a failing endpoint"), recording when and why;
 * their pending deliveries then fail as "the endpoint was disabled" when next due. A look at the
 * few failing endpoints first, so a pass with none writes nothing; the change is the system's in
 * the audit trail. Any instance may do it, twice at once changes nothing more.
 */
async function disableFailingEndpoints(runner: WebhookRunner): Promise<number[]> {
  const now = runner.now();
  const cutoff = new Date(now.getTime() - WEBHOOK_AUTO_DISABLE_MS);
  const failing = await runner.db
    .selectFrom('webhookEndpoint')
    .select(['id', 'failingSince'])
    .where('enabled', '=', true)
    .where('failingSince', '<=', cutoff)
    .execute();
  if (failing.length === 0) return [];
  return withAuditContext(AUTO_DISABLE_CONTEXT, async () => {
    const disabled: number[] = [];
    for (const endpoint of failing) {
      // Turned off and its managers told in one transaction: a notice exists exactly when the change does.
      const changed = await runner.db.transaction().execute(async (trx) => {
        const reason = autoDisabledReason(endpoint.failingSince!);
        const off = await trx
          .updateTable('webhookEndpoint')
          .set({ enabled: false, disabledAt: now, disabledReason: reason, updatedAt: now })
          .where('id', '=', endpoint.id)
          .where('enabled', '=', true)
          .where('failingSince', '<=', cutoff)
          .returning(['id', 'orgId', 'url'])
          .executeTakeFirst();
        if (off) await tellWebhookDisabled(trx, { ...off, reason }, now);
        return off !== undefined;
      });
      if (changed) disabled.push(endpoint.id);
    }
    return disabled;
  });
}

/** One pass: claims up to `limit` due deliveries and sends them side by side; answers what became of each. */
export async function deliverDue(runner: WebhookRunner, limit = BATCH): Promise<Array<'delivered' | 'failed' | 'pending'>> {
  // Before the claim, so a pending delivery of an endpoint turned off now fails in this pass.
  await disableFailingEndpoints(runner);
  const claimed = await claimDue(runner, limit);
  return Promise.all(
    claimed.map(async (delivery) =>
      record(
        runner,
        delivery,
        delivery.enabled ? await send(runner, delivery) : { status: null, error: 'the endpoint was disabled', final: true },
      ),
    ),
  );
}

/**
 * The loop every instance runs (like the expiry sweep): a pass on every beat, and the next at once
 * while a pass found a full batch. Stopped before the database closes, a pass under way finishing first.
 */
export function startWebhookDelivery(runner: WebhookRunner, everyMs: number, onError: (error: unknown) => void): () => Promise<void> {
  let running: Promise<unknown> = Promise.resolve();
  let busy = false;
  let stopped = false;
  const tick = () => {
    if (busy || stopped) return;
    busy = true;
    running = (async () => {
      while (!stopped && (await deliverDue(runner)).length === BATCH);
    })()
      .catch(onError)
      .finally(() => {
        busy = false;
      });
  };
  const timer = setInterval(tick, everyMs).unref();
  return async () => {
    stopped = true;
    clearInterval(timer);
    await running;
  };
}
