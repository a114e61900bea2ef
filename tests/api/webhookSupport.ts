import { expect } from 'vitest';
import type { TestServer } from './harness';
import { deliverDue, type WebhookRunner } from '../../server/modules/webhook/delivery';
import { BodyCode, type Envelope } from '../../src/contract/envelope';

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

/** The answer's data, once it is known to be a success. */
export const ok = <T>(answer: Envelope<T>): T => {
  expect(answer).toMatchObject({ code: BodyCode.ok });
  return answer.data;
};
