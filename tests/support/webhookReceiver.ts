import { createServer, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';

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

/** Verifies with the library a receiver uses; throws on a bad signature. */
export const verifyWebhook = (secret: string, r: Received) =>
  new Webhook(secret).verify(r.body, {
    'webhook-id': String(r.headers['webhook-id']),
    'webhook-timestamp': String(r.headers['webhook-timestamp']),
    'webhook-signature': String(r.headers['webhook-signature']),
  });
