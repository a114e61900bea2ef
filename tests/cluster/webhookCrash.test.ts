import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { beforeAll, describe, expect, it } from 'vitest';
import { clusterForFile, until } from './clusterFixture';
import type { Instance } from './instance';
import { DELIVERY_LEASE_MS } from '../../server/modules/webhook/delivery';
import { ApiPath, withId } from '../../src/contract/apiPaths';

/**
 * A process killed while its webhook request is under way (docs/webhooks.md "Delivery and retries"):
 * the delivery was claimed (its lease pushed out) and sent, and the answer never recorded. Another
 * instance sends it again once the lease has passed, with the same `webhook-id`, and records it
 * delivered: no event is lost, and a receiver that deduplicates on the id acts on it once.
 */
const DATABASE = 'custody';
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'custody-webhook-crash-'));

interface Received {
  headers: IncomingHttpHeaders;
  body: string;
}
const received: Received[] = [];
/** The first request is held open, never answered: its sender dies with it under way. */
const held: ServerResponse[] = [];
const receiver = createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on('data', (chunk: Buffer) => chunks.push(chunk));
  req.on('end', () => {
    received.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
    if (received.length === 1) held.push(res);
    else res.writeHead(204).end();
  });
});

const fixture = clusterForFile(
  DATABASE,
  ({ cluster }) => ({
    DATABASE_URL: cluster.url(DATABASE),
    DATA_DIR: dataDir,
    SEED: 'demo',
    DEPOSIT_WATCH_MS: '0',
    WEBHOOK_DELIVERY_MS: '200',
  }),
  () => {
    for (const res of held) res.destroy();
    receiver.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  },
);

async function launch(name: string): Promise<Instance> {
  const instance = await fixture.launch(name);
  await instance.ready();
  return instance;
}

beforeAll(async () => {
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
});

describe('a webhook delivery whose process is killed mid-request', () => {
  it('is sent again by another instance once its lease has passed, with the same webhook-id, and recorded delivered once', async () => {
    fixture.showLogsOnFailure();
    const a = await launch('a');
    const token = await a.login('merchantProManager');
    const base = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
    const saved = await a.call<{ id: number }>('POST', ApiPath.webhook.save, {
      token,
      body: { url: `${base}/hook`, events: ['order.paid'], description: 'crash' },
    });
    expect(saved.body.code, saved.body.msg).toBe(200);
    const sent = await a.call<{ id: number; msgId: string }>('POST', withId(ApiPath.webhook.test, saved.body.data.id), { token });
    expect(sent.body.code, sent.body.msg).toBe(200);
    const deliveryId = sent.body.data.id;

    // A's loop claims it and sends it; the receiver holds the request; A dies with it under way.
    await until(
      () => received.length,
      (n) => n >= 1,
      30_000,
    );
    await a.stop('SIGKILL');
    const [claimed] = (
      await fixture.admin.query<{ status: string; attempts: number }>('select status, attempts from webhook_delivery where id = $1', [
        deliveryId,
      ])
    ).rows;
    expect(claimed).toEqual({ status: 'pending', attempts: 1 });

    // B, started after, sends it again once the lease A took has passed; the receiver answers 204.
    await launch('b');
    await until(
      () => received.length,
      (n) => n >= 2,
      DELIVERY_LEASE_MS + 60_000,
    );
    const delivered = await until(
      async () =>
        (
          await fixture.admin.query<{ status: string; attempts: number; last_status: number | null }>(
            'select status, attempts, last_status from webhook_delivery where id = $1',
            [deliveryId],
          )
        ).rows[0]!,
      (row) => row.status !== 'pending',
      30_000,
    );
    expect(delivered).toEqual({ status: 'delivered', attempts: 2, last_status: 204 });
    expect(received).toHaveLength(2);
    expect(received[1]!.headers['webhook-id']).toBe(received[0]!.headers['webhook-id']);
    expect(received[1]!.headers['webhook-id']).toBe(sent.body.data.msgId);
    expect(JSON.parse(received[1]!.body)).toMatchObject({ type: 'webhook.test' });
  }, 480_000);
});
