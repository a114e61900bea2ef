import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { startTestServer, type TestServer } from './harness';
import type { ListResult } from '../../src/contract/envelope';
import type { OrderDetailView, OrderReportRecord } from '../../src/contract/schemas/report';
import { ApiPath } from '../../src/contract/apiPaths';

/** One order with its story (the reports' row drawer): in scope only, with its transfers, repairs and ledger entries. */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

const detail = (account: string, id: number | string) =>
  server.as(account).call<OrderDetailView>('GET', ApiPath.report.order, { query: { id } });
const firstOrder = async (account: string, query: Record<string, string>) =>
  (await server.as(account).call<ListResult<OrderReportRecord>>('GET', ApiPath.report.payment.list, { query: { pageSize: 1, ...query } }))
    .data.list[0];

describe('an order’s story', () => {
  it('a paid order: its facts, the transfer that paid it, and its ledger credit to the deposit wallet', async () => {
    const order = await firstOrder('merchantProFinance', { status: 'paid' });
    const res = await detail('merchantProFinance', order.id);
    expect(res.code).toBe(200);
    expect(res.data.order).toEqual(order);
    expect(res.data.ledger).toEqual([
      expect.objectContaining({ reason: 'payment', delta: order.amount, symbol: order.symbol, txHash: order.txHash }),
    ]);
    expect(res.data.repairs).toEqual([]);
    expect(res.data.transfers.every((t) => Date.parse(t.blockTime) >= Date.parse(order.createdAt))).toBe(true);
  });

  it('an order repaired shows who repaired it, why and how its status changed; an unpaid one has no ledger entry', async () => {
    const order = await firstOrder('superAdmin', { status: 'expired' });
    await sql`insert into order_repair (order_id, action, actor_id, reason, previous_status, new_status)
              values (${order.id}, 'recheck', (select id from app_user where account = 'superAdmin'), null, 'expired', 'expired')`.execute(
      server.app.context.db,
    );
    const res = await detail('superAdmin', order.id);
    expect(res.data.ledger).toEqual([]);
    expect(res.data.repairs).toEqual([
      expect.objectContaining({ action: 'recheck', actor: 'superAdmin', previousStatus: 'expired', newStatus: 'expired' }),
    ]);
  });

  it('another merchant’s order is not found, like an unknown one; agents do not read reports; a malformed id is a 400', async () => {
    const order = await firstOrder('merchantProFinance', {});
    expect((await detail('merchantStdFinance', order.id)).code).toBe(404);
    expect((await detail('merchantStdFinance', 999_999)).code).toBe(404);
    expect((await detail('agentManager', order.id)).code).toBe(403);
    expect((await detail('superAdmin', 'abc')).code).toBe(400);
  });
});
