import { expect, test } from './test';
import { ApiPath } from '../../src/contract/apiPaths';
import { e2eEnvironment, signedInPage } from './harness';
import { PAID_WAIT_MS, payLinkOrderPaid } from './devnetPayment';
import { axeViolations } from './axe';

/**
 * Collecting order payments (docs/payments.md "Collecting order payments"): a payer pays an order of
 * the merchant's pay link on the devnet; its manager finds the money waiting above the wallets on
 * /aggregate, collects it with one button, and then finds it in the org's hot wallet, nothing waiting.
 */
const env = e2eEnvironment();

test.describe('collecting order payments on /aggregate', () => {
  test.setTimeout(PAID_WAIT_MS + 120_000);

  test('the manager sees a paid order’s money waiting, collects it, and it is in the hot wallet', async () => {
    // An order of the manager's own pay link, paid on the devnet.
    const { order, view, manager } = await payLinkOrderPaid(env.server, '49.9', 'paid');

    const page = await signedInPage(env, 'merchantProManager', '/aggregate');
    const panel = page.getByTestId('order-sweep');
    await expect(panel.getByRole('heading', { name: 'Order payments to collect' })).toBeVisible();
    await expect(panel).toContainText(`49.9 USDT on`);
    expect(await axeViolations(page, 'the wallets with order payments to collect')).toEqual([]);
    await panel
      .getByRole('button', { name: /^Collect into / })
      .first()
      .click();
    await expect(page.getByText(/Collected 1 order address\./)).toBeVisible({ timeout: 60_000 });
    // Nothing waits any more: the panel is gone, and the order's address holds nothing on chain.
    await expect(panel).toHaveCount(0);
    expect((await view()).state).toBe('paid');
    const tokenBalance = await fetch(`${env.server.baseUrl}/devnet/1`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: 1,
        method: 'eth_call',
        params: [
          { to: order.contractAddress, data: `0x70a08231${order.depositAddress.slice(2).toLowerCase().padStart(64, '0')}` },
          'latest',
        ],
      }),
    }).then((r) => r.json() as Promise<{ result: string }>);
    expect(BigInt(tokenBalance.result)).toBe(0n);
    // The collection is one of the org's transfers, executed.
    const transfers = (await manager(`${ApiPath.movement.list}?kind=transfer&pageSize=100`)).data as unknown as {
      list: Array<{ memo: string; status: string; amount: string }>;
    };
    expect(transfers.list.filter((m) => m.memo === `Collected from order ${order.orderNo}`)).toEqual([
      expect.objectContaining({ status: 'executed', amount: '49.9' }),
    ]);
    await page.close();
  });
});
