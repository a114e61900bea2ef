import { createServer, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect } from 'vitest';
import { Webhook } from 'standardwebhooks';
import type { TestServer } from './harness';
import { deliverDue, type WebhookRunner } from '../../server/modules/webhook/delivery';
import { BodyCode, type Envelope } from '../../src/contract/envelope';

/** What a loopback receiver got: the path it was sent to, the headers and the raw body. */
export interface Received {
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
}

/**
 * A webhook receiver on loopback (allowed in devnet mode, docs/webhooks.md "Endpoints"): it keeps
 * every request and answers what `answer` says of it (204 when it says nothing).
 */
export async function startReceiver(answer: (request: Received) => number | undefined = () => undefined) {
  const received: Received[] = [];
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const request = { path: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks).toString('utf8') };
      received.push(request);
      res.writeHead(answer(request) ?? 204);
      res.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    received,
    base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    at: (path: string) => received.filter((r) => r.path === path),
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

/** An instance's delivery loop on the test server's database; `aheadMs` runs its clock ahead of the server's. */
export const webhookRunner = (server: TestServer, chainMode: WebhookRunner['chainMode'] = 'devnet', aheadMs = 0): WebhookRunner => ({
  db: server.app.context.db,
  now: () => new Date(server.now().getTime() + aheadMs),
  chainMode,
});

/** Two instances' loops at once, pass after pass, until neither finds a delivery due. */
export async function deliverAll(server: TestServer, aheadMs = 0): Promise<void> {
  for (;;) {
    const [a, b] = await Promise.all([
      deliverDue(webhookRunner(server, 'devnet', aheadMs)),
      deliverDue(webhookRunner(server, 'devnet', aheadMs)),
    ]);
    if (a.length + b.length === 0) return;
  }
}

/** Verifies with the library a receiver uses; throws on a bad signature. */
export const verifyWebhook = (secret: string, r: Received) =>
  new Webhook(secret).verify(r.body, {
    'webhook-id': String(r.headers['webhook-id']),
    'webhook-timestamp': String(r.headers['webhook-timestamp']),
    'webhook-signature': String(r.headers['webhook-signature']),
  });

/** The answer's data, once it is known to be a success. */
export const ok = <T>(answer: Envelope<T>): T => {
  expect(answer).toMatchObject({ code: BodyCode.ok });
  return answer.data;
};
