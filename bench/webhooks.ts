import { spawn } from 'node:child_process';
import { createServer, request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import path from 'node:path';
import { createInterface } from 'node:readline';
import type { AddressInfo } from 'node:net';
import { sql } from 'kysely';
import { getAddress, parseUnits, type Address } from 'viem';
import { Webhook } from 'standardwebhooks';
import { startTestServer, type TestServer } from '../tests/api/harness';
import { ApiPath, withId } from '../src/contract/apiPaths';
import type { WebhookRecord } from '../src/contract/schemas/webhook';
import { readConfig } from '../server/config';
import { demoEvmAddress } from '../server/db/seed/wallets';
import { startDepositWatcher } from '../server/modules/deposit/watcher';
import { startWebhookDelivery } from '../server/modules/webhook/delivery';
import { emitWebhookEvent, webhookSubject } from '../server/modules/webhook/outbox';
import { expectOk, newKey, percentile } from './payments';

/**
 * Webhooks (issue 37; docs/webhooks.md "Speed"): (a) the time from a payment mined on the devnet
 * to its `order.paid` received (signature verified) by a loopback receiver, with the app's own
 * deposit watcher and delivery loop running, against the time from the same payment to its order
 * read as paid in the database (what the deposit watcher takes; the webhook's share is the rest);
 * (b) deliveries per second of a full outbox with two delivery loops side by side (two pools on
 * PostgreSQL, one connection on PGlite), each delivery counted once by webhook-id, against plain
 * POSTs of the same body to the same receiver from one client. Ratios and percentiles, never a
 * timed assertion. BENCH_DATABASE_URL runs it on PostgreSQL, else on an in-memory PGlite.
 */
const PAYMENTS = Number(process.env.BENCH_WEBHOOK_PAYMENTS ?? 50);
/** The first payments warm the paths up and are not counted. */
const WARM_UP = 2;
/** The deposit watcher's interval, as the payments bench (bench/payments.ts) runs it: 12 confirmations take 1.2 s. */
const WATCH_MS = 100;
/** The delivery loop's beat as the server reads it from its environment (WEBHOOK_DELIVERY_MS, default 2 s). */
const DELIVERY_MS = readConfig(process.env).webhookDeliveryMs || 2_000;
const DELIVERIES = Number(process.env.BENCH_WEBHOOK_DELIVERIES ?? 2_000);
/** (b)'s beat: only its first pass waits for it; a loop whose pass found a full batch goes on at once. */
const THROUGHPUT_BEAT_MS = 50;
/** The deliveries one pass of the loop sends side by side (docs/webhooks.md "Delivery and retries"): the reference's width. */
const BATCH = 20;
/** Events written per transaction while the outbox is filled. */
const EMITS_PER_TRANSACTION = 100;
const ETH_CHAIN = 1;

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Receipt {
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
  /** performance.now() when the whole body was in. */
  at: number;
}

/** A receiver on loopback answering 204 to everything, each request handed to `onReceipt`. */
async function startReceiver(onReceipt: (receipt: Receipt) => void) {
  const receiver = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      onReceipt({ path: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks).toString('utf8'), at: performance.now() });
      res.writeHead(204).end();
    });
  });
  // Idle connections kept longer than the sender's agent keeps them (5 s): a connection closed by
  // the receiver just as the sender reuses it would be a failed attempt, retried 5 s later, in the figures.
  receiver.keepAliveTimeout = 30_000;
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  return {
    base: `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`,
    close: () => new Promise((resolve) => receiver.close(resolve)),
  };
}

/** Verifies a receipt as a merchant's receiver does (the standardwebhooks library); throws on a bad signature. */
const verified = (secret: string, r: Receipt) =>
  new Webhook(secret).verify(r.body, {
    'webhook-id': String(r.headers['webhook-id']),
    'webhook-timestamp': String(r.headers['webhook-timestamp']),
    'webhook-signature': String(r.headers['webhook-signature']),
  }) as { type: string; data: { id: number } };

async function saveEndpoint(server: TestServer, url: string): Promise<WebhookRecord> {
  return expectOk(
    await server.as('merchantProManager').call<WebhookRecord>('POST', ApiPath.webhook.save, {
      body: { url, events: ['order.paid'], description: 'Bench' },
    }),
    'webhook endpoint',
  );
}

/** Waits for `done`, failing with `what` after `ms`. */
async function until(done: () => boolean | Promise<boolean>, ms: number, what: () => string): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await done())) {
    if (Date.now() > deadline) throw new Error(`webhooks bench: ${what()}`);
    await pause(10);
  }
}

export interface WebhooksFigures {
  database: 'PGlite' | 'PostgreSQL';
  payments: number;
  deliveryMs: number;
  /** Payment mined → its `order.paid` received, verified. */
  webhookP50Ms: number;
  webhookP95Ms: number;
  /** Payment mined → its order read as paid in the database (polled every 10 ms): the reference. */
  paidP50Ms: number;
  paidP95Ms: number;
  /** Order read as paid → its webhook received, payment by payment. */
  afterPaidP50Ms: number;
  afterPaidP95Ms: number;
  deliveries: number;
  /** How many of them each loop delivered. */
  split: number[];
  /** How the two loops were run: two pools (PostgreSQL) or one connection (PGlite). */
  runners: string;
  deliveriesPerSecond: number;
  /** Plain POSTs of the same body to the same receiver, one client, `BATCH` in flight. */
  plainPerSecond: number;
}

/**
 * (a): `PAYMENTS` orders made through the merchant API, each paid on the devnet a moment after the
 * one before (so payments land at every phase of the watcher's and the loop's beats), while the
 * deposit watcher and the delivery loop `npm start` runs are running, on the instance's own clock.
 */
async function measurePaidWebhooks(server: TestServer, receiver: Receipts) {
  const endpoint = await saveEndpoint(server, `${receiver.base}/paid`);
  const key = await newKey(server);
  const auth = { headers: { authorization: `Bearer ${key}` } };
  const received = new Map<number, number>();
  let sample: unknown = null;
  receiver.on('/paid', (r) => {
    const event = verified(endpoint.secret!, r);
    if (event.type !== 'order.paid') return;
    received.set(event.data.id, r.at);
    sample = event.data;
  });
  const { db, chains, config } = server.app.context;
  const devnet = await chains.devnetOf(ETH_CHAIN);
  const usdt = await db
    .selectFrom('currency')
    .select(['contractAddress', 'decimals'])
    .where('chainId', '=', ETH_CHAIN)
    .where('symbol', '=', 'USDT')
    .executeTakeFirstOrThrow();
  const failures: unknown[] = [];
  // The reference's reads below go on until the end.
  let watching = true;
  const stopWatcher = startDepositWatcher(db, chains, server.now, WATCH_MS, (_chainId, error) => failures.push(error));
  const stopDelivery = startWebhookDelivery({ db, now: server.now, chainMode: config.chainMode }, DELIVERY_MS, (error) =>
    failures.push(error),
  );
  try {
    // The watcher first reads what the devnet already holds (the demo's payments): no payment waits on that.
    const head = Number(await devnet.client.getBlockNumber());
    const watched = async () =>
      ((await db.selectFrom('chainWatch').select('nextBlock').where('chainId', '=', ETH_CHAIN).executeTakeFirst())?.nextBlock ?? 0) > head;
    await until(watched, 60_000, () => 'the deposit watcher did not catch up with the devnet');
    const orders: Array<{ id: number; depositAddress: string }> = [];
    for (let i = 0; i < PAYMENTS + WARM_UP; i += 1)
      orders.push(
        expectOk(
          await server.call<{ id: number; depositAddress: string }>('POST', ApiPath.merchant.orders, {
            ...auth,
            body: { amount: '5', currency: 'USDT', chainId: ETH_CHAIN },
          }),
          'order',
        ),
      );
    const mined = new Map<number, number>();
    const paid = new Map<number, number>();
    // The reference: each order seen paid in the database, read every 10 ms while payments are under way.
    let paying = true;
    const watchPaid = (async () => {
      while (watching && (paying || paid.size < mined.size)) {
        const open = [...mined.keys()].filter((id) => !paid.has(id));
        if (open.length > 0) {
          const rows = await db.selectFrom('paymentOrder').select('id').where('id', 'in', open).where('status', '=', 'paid').execute();
          const now = performance.now();
          for (const { id } of rows) paid.set(id, now);
        }
        await pause(10);
      }
    })();
    // A failed read ends the bench with its error, once the loops have stopped.
    watchPaid.catch((error: unknown) => failures.push(error));
    for (const [i, order] of orders.entries()) {
      const payer = demoEvmAddress(`bench webhook payer ${i}`) as Address;
      await devnet.payAs(payer, getAddress(usdt.contractAddress!), getAddress(order.depositAddress), parseUnits('5', usdt.decimals));
      mined.set(order.id, performance.now());
      // Spread out, at no fixed period: the payments meet the two beats at every phase.
      await pause(100 + Math.random() * 200);
    }
    paying = false;
    await until(
      () => orders.every(({ id }) => received.has(id)) || failures.length > 0,
      60_000,
      () => `${orders.filter(({ id }) => !received.has(id)).length} order.paid webhooks never came`,
    );
    await watchPaid.catch(() => undefined);
    if (failures.length > 0) throw failures[0];
    expectOk(await server.as('merchantProManager').call('POST', withId(ApiPath.webhook.delete, endpoint.id)), 'endpoint deleted');
    const counted = orders.slice(WARM_UP).map(({ id }) => id);
    const webhook = counted.map((id) => received.get(id)! - mined.get(id)!);
    const toPaid = counted.map((id) => paid.get(id)! - mined.get(id)!);
    const afterPaid = counted.map((id) => received.get(id)! - paid.get(id)!);
    return {
      sample,
      payments: counted.length,
      webhookP50Ms: percentile(webhook, 0.5),
      webhookP95Ms: percentile(webhook, 0.95),
      paidP50Ms: percentile(toPaid, 0.5),
      paidP95Ms: percentile(toPaid, 0.95),
      afterPaidP50Ms: percentile(afterPaid, 0.5),
      afterPaidP95Ms: percentile(afterPaid, 0.95),
    };
  } finally {
    watching = false;
    await stopDelivery();
    await stopWatcher();
  }
}

/** Plain POSTs of `body` to `url`, `BATCH` in flight from one client (Node's own HTTP client, as the loop's): per second. */
async function plainPostsPerSecond(url: string, body: string, count: number): Promise<number> {
  const post = () =>
    new Promise<void>((resolve, reject) => {
      const req = httpRequest(url, { method: 'POST', headers: { 'content-type': 'application/json' } }, (res) => {
        res.resume();
        res.on('end', resolve);
      });
      req.on('error', reject);
      req.end(body);
    });
  let next = 0;
  const start = performance.now();
  await Promise.all(
    Array.from({ length: BATCH }, async () => {
      while (next++ < count) await post();
    }),
  );
  return count / ((performance.now() - start) / 1000);
}

/**
 * Loop `loop`'s clock (0 or 1): the instance's, its millisecond made even for loop 0 and odd for
 * loop 1, so the attempts each loop claimed (`last_attempt_at`) tell the loops apart afterwards.
 */
export const loopClock = (loop: number, now: () => Date) => () => {
  const t = now().getTime();
  return new Date(t - (t % 2) + loop);
};

/** Two delivery loops side by side: started together, stopped together (answering their failures). */
interface Deliverers {
  /** How they run, for the report. */
  runners: string;
  start(): void;
  stop(): Promise<unknown[]>;
  /** Failures so far (a loop's pass that threw). */
  failures: unknown[];
  /** Whatever is left running after a failure ended. */
  close(): void;
}

/** PGlite is one session in one process: both loops in this process on the server's database, as two runners. */
function inProcessDeliverers(server: TestServer): Deliverers {
  const failures: unknown[] = [];
  let stops: Array<() => Promise<void>> = [];
  return {
    runners: '2 loops in one process on its one PGlite connection: PGlite allows no second process',
    failures,
    start() {
      stops = [0, 1].map((loop) =>
        startWebhookDelivery({ db: server.db, now: loopClock(loop, server.now), chainMode: 'devnet' }, THROUGHPUT_BEAT_MS, (error) =>
          failures.push(error),
        ),
      );
    },
    async stop() {
      for (const stop of stops) await stop();
      return failures;
    },
    close: () => undefined,
  };
}

/** PostgreSQL: two processes (bench/webhookDeliverer.ts), each its own pool on the server's database, as two instances. */
async function processDeliverers(server: TestServer): Promise<Deliverers> {
  const { name } = await server.db.selectNoFrom((eb) => eb.fn<string>('current_database').as('name')).executeTakeFirstOrThrow();
  const url = new URL(benchDatabaseUrl()!);
  url.pathname = `/${name}`;
  const failures: unknown[] = [];
  const children = [0, 1].map((loop) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'bench/webhookDeliverer.ts'], {
      cwd: path.resolve(import.meta.dirname, '..'),
      stdio: ['pipe', 'pipe', 'inherit'],
      env: {
        ...process.env,
        BENCH_WEBHOOK_DATABASE_URL: url.toString(),
        BENCH_WEBHOOK_BEAT_MS: String(THROUGHPUT_BEAT_MS),
        BENCH_WEBHOOK_LOOP: String(loop),
      },
    });
    const said = new Map<string, () => void>();
    createInterface({ input: child.stdout! }).on('line', (line) => {
      if (line.startsWith('{')) failures.push((JSON.parse(line) as { failure: string }).failure);
      else said.get(line)?.();
    });
    const saying = (line: string) =>
      new Promise<void>((resolve, reject) => {
        said.set(line, resolve);
        child.once('exit', (code) => reject(new Error(`webhooks bench: a deliverer exited with ${code}`)));
      });
    return { child, ready: saying('ready'), saying };
  });
  await Promise.all(children.map((c) => c.ready));
  return {
    runners: '2 processes, each its own pool of 10 connections',
    failures,
    start: () => children.forEach((c) => c.child.stdin!.write('go\n')),
    async stop() {
      await Promise.all(
        children.map((c) => {
          const stopped = c.saying('stopped');
          c.child.stdin!.write('stop\n');
          return stopped;
        }),
      );
      return failures;
    },
    close: () => children.forEach((c) => c.child.exitCode === null && c.child.kill('SIGTERM')),
  };
}

/**
 * (b): `DELIVERIES` events in the outbox (written by `emitWebhookEvent` in transactions, as the
 * order's changes write them, each with a paid order's data as (a) received it), then two delivery loops started side by side until every delivery
 * is recorded delivered. The receiver counts webhook-ids: each must arrive once, and verify.
 */
async function measureDeliveryRate(server: TestServer, receiver: Receipts, data: unknown) {
  const endpoint = await saveEndpoint(server, `${receiver.base}/bulk`);
  const orgId = server.orgIds.proA;
  for (let written = 0; written < DELIVERIES; written += EMITS_PER_TRANSACTION)
    await server.db.transaction().execute(async (trx) => {
      for (let i = written; i < Math.min(DELIVERIES, written + EMITS_PER_TRANSACTION); i += 1)
        await emitWebhookEvent(trx, orgId, 'order.paid', data, server.now(), webhookSubject('order', i));
    });
  const body = JSON.stringify({ type: 'order.paid', timestamp: new Date().toISOString(), data });
  const plainPerSecond = await plainPostsPerSecond(`${receiver.base}/plain`, body, DELIVERIES);

  const receipts: Receipt[] = [];
  const ids = new Set<string>();
  receiver.on('/bulk', (r) => {
    receipts.push(r);
    ids.add(String(r.headers['webhook-id']));
  });
  const deliverers = server.database.kind === 'pglite' ? inProcessDeliverers(server) : await processDeliverers(server);
  const pending = async () =>
    (
      await server.db
        .selectFrom('webhookDelivery')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('endpointId', '=', endpoint.id)
        .where('status', '=', 'pending')
        .executeTakeFirstOrThrow()
    ).n;
  try {
    const start = performance.now();
    deliverers.start();
    await until(
      () => ids.size >= DELIVERIES || deliverers.failures.length > 0,
      120_000,
      () => `${DELIVERIES - ids.size} deliveries never came`,
    );
    await until(
      async () => (await pending()) === 0 || deliverers.failures.length > 0,
      30_000,
      () => 'deliveries received and not recorded delivered',
    );
    const seconds = (performance.now() - start) / 1000;
    const failures = await deliverers.stop();
    if (failures.length > 0) throw failures[0];
    const recorded = await server.db
      .selectFrom('webhookDelivery')
      .select((eb) => [eb.fn.countAll<number>().as('n'), eb.fn.max('attempts').as('attempts')])
      .where('endpointId', '=', endpoint.id)
      .where('status', '=', 'delivered')
      .executeTakeFirstOrThrow();
    if (receipts.length !== DELIVERIES || ids.size !== DELIVERIES || Number(recorded.n) !== DELIVERIES || recorded.attempts !== 1)
      throw new Error(
        `webhooks bench: ${receipts.length} requests for ${ids.size} webhook-ids, ${recorded.n} recorded delivered (at most ${recorded.attempts} attempts), for ${DELIVERIES} deliveries`,
      );
    for (const r of receipts) verified(endpoint.secret!, r);
    const byLoop = await server.db
      .selectFrom('webhookDelivery')
      .select((eb) => [
        sql<number>`mod(floor(extract(epoch from last_attempt_at) * 1000)::bigint, 2)`.as('loop'),
        eb.fn.countAll<number>().as('n'),
      ])
      .where('endpointId', '=', endpoint.id)
      .groupBy('loop')
      .orderBy('loop')
      .execute();
    const split = [0, 1].map((loop) => Number(byLoop.find((row) => Number(row.loop) === loop)?.n ?? 0));
    return { deliveries: DELIVERIES, split, runners: deliverers.runners, deliveriesPerSecond: DELIVERIES / seconds, plainPerSecond };
  } finally {
    deliverers.close();
  }
}

/** One receiver for both parts, its requests dispatched by path. */
interface Receipts {
  base: string;
  on(path: string, handle: (r: Receipt) => void): void;
}

/** The PostgreSQL the bench runs on, when one is named. */
const benchDatabaseUrl = () => process.env.BENCH_DATABASE_URL ?? process.env.DATABASE_URL;

export async function measureWebhooks(): Promise<WebhooksFigures> {
  // The test harness makes a throw-away database on the PostgreSQL of DATABASE_URL: the bench's is BENCH_DATABASE_URL.
  const before = process.env.DATABASE_URL;
  if (benchDatabaseUrl()) process.env.DATABASE_URL = benchDatabaseUrl();
  const server = await startTestServer({ config: { merchantApiPerMinute: 1_000_000 } });
  if (before === undefined) delete process.env.DATABASE_URL;
  else process.env.DATABASE_URL = before;
  const handlers = new Map<string, (r: Receipt) => void>();
  let handlerFailure: unknown = null;
  const receiver = await startReceiver((r) => {
    try {
      handlers.get(r.path)?.(r);
    } catch (error) {
      handlerFailure ??= error;
    }
  });
  const receipts: Receipts = { base: receiver.base, on: (path, handle) => handlers.set(path, handle) };
  try {
    // (b)'s events carry the order of one of (a)'s, as its webhook carried it.
    const { sample, ...latency } = await measurePaidWebhooks(server, receipts);
    const rate = await measureDeliveryRate(server, receipts, sample);
    if (handlerFailure) throw handlerFailure;
    return {
      database: server.database.kind === 'pglite' ? 'PGlite' : 'PostgreSQL',
      deliveryMs: DELIVERY_MS,
      ...latency,
      ...rate,
    };
  } finally {
    await receiver.close();
    await server.close();
  }
}

export function webhooksReport(f: WebhooksFigures): string[] {
  return [
    `payment mined → order.paid webhook received, verified (${f.database}, ${f.payments} payments, delivery loop every ${f.deliveryMs} ms, watcher every ${WATCH_MS} ms): p50 ${f.webhookP50Ms.toFixed(0)} ms, p95 ${f.webhookP95Ms.toFixed(0)} ms; ÷ mined → order paid in the database (p50 ${f.paidP50Ms.toFixed(0)} ms, p95 ${f.paidP95Ms.toFixed(0)} ms): p50 ${(f.webhookP50Ms / f.paidP50Ms).toFixed(2)}, p95 ${(f.webhookP95Ms / f.paidP95Ms).toFixed(2)}`,
    `order paid → its webhook received: p50 ${f.afterPaidP50Ms.toFixed(0)} ms, p95 ${f.afterPaidP95Ms.toFixed(0)} ms (÷ the loop's beat: p50 ${(f.afterPaidP50Ms / f.deliveryMs).toFixed(2)}, p95 ${(f.afterPaidP95Ms / f.deliveryMs).toFixed(2)})`,
    `webhook deliveries (${f.database}, ${f.runners}): ${f.deliveries} delivered once each (${f.split.join(' + ')}), ${f.deliveriesPerSecond.toFixed(0)} /s; plain POSTs of the same body to the same receiver (one client, ${BATCH} in flight): ${f.plainPerSecond.toFixed(0)} /s; ratio ${(f.deliveriesPerSecond / f.plainPerSecond).toFixed(3)}`,
  ];
}

if (import.meta.url === `file://${process.argv[1]}`) {
  for (const line of webhooksReport(await measureWebhooks())) console.log(line);
}
