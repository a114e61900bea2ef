import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { startTestServer, type TestServer } from './harness';
import type { ListResult } from '../../src/contract/envelope';
import type { OrderRepairView } from '../../src/contract/schemas/orderRepair';
import type { OrderReportRecord } from '../../src/contract/schemas/report';

let server: TestServer;
const tokens: Record<string, string> = {};
beforeAll(async () => {
  server = await startTestServer();
  for (const account of ['superAdmin', 'operatorEmployee', 'agentManager', 'merchantProFinance', 'merchantLiteEmployee']) tokens[account] = await server.login(account);
});
afterAll(() => server?.close());

const lookUp = (account: string, q: string) => server.call<OrderRepairView>('GET', '/sys/order-repair/order', { token: tokens[account], query: { q } });
const recredit = (account: string, body: Record<string, unknown>) => server.call<OrderRepairView>('POST', '/sys/order-repair/recredit', { token: tokens[account], body });
const ordersWith = async (status: string, chainId = 1) =>
  (await server.call<ListResult<OrderReportRecord>>('GET', '/sys/report/payment/list', { token: tokens.superAdmin, query: { status, chainId, pageSize: 500 } })).data.list;
const evmHash = (n: number) => `0x${n.toString(16).padStart(64, 'a')}`;

describe('order repair', () => {
  it('looks an order up by number or tx hash in scope; another tenant’s is not found', async () => {
    const [paid] = await ordersWith('paid');
    const byNo = await lookUp('superAdmin', paid.orderNo.toLowerCase());
    expect(byNo.data.order.id).toBe(paid.id);
    expect(byNo.data.repairs).toEqual([]);
    expect((await lookUp('superAdmin', paid.txHash!.toUpperCase())).data.order.id).toBe(paid.id);
    const foreign = paid.orgName === 'Cedar Cafe (Lite)' ? null : paid;
    if (foreign) expect((await lookUp('merchantLiteEmployee', foreign.orderNo)).code).toBe(404);
    expect((await lookUp('agentManager', paid.orderNo)).code).toBe(403);
    expect((await lookUp('superAdmin', '')).code).toBe(400);
  });

  it('the operator re-credits an expired order with the paying transaction and a reason, in the audit log', async () => {
    const [expired] = await ordersWith('expired');
    const res = await recredit('operatorEmployee', { orderId: expired.id, txHash: evmHash(1), reason: 'Customer paid late; confirmed on the explorer.' });
    expect(res.code).toBe(200);
    expect(res.data.order).toMatchObject({ status: 'paid', txHash: evmHash(1) });
    expect(res.data.order.paidAt).not.toBeNull();
    expect(res.data.repairs).toEqual([
      expect.objectContaining({ action: 'recredit', actor: 'operatorEmployee', previousStatus: 'expired', newStatus: 'paid', txHash: evmHash(1), reason: 'Customer paid late; confirmed on the explorer.' }),
    ]);
    // Paid now: a second credit is refused, and the log cannot be edited, even by SQL.
    expect((await recredit('superAdmin', { orderId: expired.id, txHash: evmHash(2), reason: 'A second try at this order.' })).code).toBe(409);
    await expect(sql`update order_repair set reason = 'changed'`.execute(server.app.context.db)).rejects.toThrow(/append-only/);
    await expect(sql`delete from order_repair`.execute(server.app.context.db)).rejects.toThrow(/append-only/);
  });

  it('a transaction pays one order only, also when two credits race', async () => {
    const [a, b, c] = await ordersWith('expired');
    const reason = 'Paid on chain, confirmed by support.';
    const used = await recredit('superAdmin', { orderId: a.id, txHash: evmHash(7), reason });
    expect(used.code).toBe(200);
    const again = await recredit('superAdmin', { orderId: b.id, txHash: evmHash(7).toUpperCase().replace('0X', '0x'), reason });
    expect(again.code).toBe(409);
    expect(again.data).toEqual({ txHash: 'Already in use.' });
    const race = await Promise.all([recredit('superAdmin', { orderId: b.id, txHash: evmHash(8), reason }), recredit('operatorEmployee', { orderId: c.id, txHash: evmHash(8), reason })]);
    expect(race.map((r) => r.code).sort()).toEqual([200, 409]);
  });

  it('refuses what is not repairable or not well-formed, and merchants may not re-credit', async () => {
    const [pending] = await ordersWith('pending').then((list) => (list.length > 0 ? list : ordersWith('pending', 728126428)));
    const [failed] = await ordersWith('failed');
    const reason = 'Confirmed by the payer with a receipt.';
    if (pending) expect((await recredit('superAdmin', { orderId: pending.id, txHash: evmHash(20), reason })).code).toBe(409);
    expect((await recredit('superAdmin', { orderId: failed.id, txHash: 'abc', reason })).data).toEqual({ txHash: 'Not a valid EVM transaction hash.' });
    expect((await recredit('superAdmin', { orderId: failed.id, txHash: evmHash(21), reason: 'late' })).data).toEqual({ reason: 'Say why in at least 10 characters (it goes into the audit log).' });
    expect((await recredit('superAdmin', { orderId: 999_999, txHash: evmHash(21), reason })).code).toBe(404);
    expect((await recredit('merchantProFinance', { orderId: failed.id, txHash: evmHash(21), reason })).code).toBe(403);
    expect((await lookUp('superAdmin', failed.orderNo)).data.order.status).toBe('failed');
  });
});
