import { expect, test } from './test';
import { apiAs, e2eEnvironment, signIn } from './harness';
import { payThroughDevnet } from './devnetPayment';
import { ApiPath } from '../../src/contract/apiPaths';

// A customer's payment on the devnet (docs/chains.md "Deposits"), sent through the server's devnet
// endpoint as a wallet would, pays its order once the deposit watcher has its confirmations.
const env = e2eEnvironment();
const WAIT = { timeout: 90_000, intervals: [1_000] };

interface OrderRow {
  orderNo: string;
  amount: string;
  depositAddress: string;
  symbol: string;
}

test.describe('a deposit from the chain', () => {
  test('the operator sees a pending order become paid once its payment on chain has its confirmations', async () => {
    test.setTimeout(240_000);
    const call = await apiAs(env.server.baseUrl, 'superAdmin');
    const list = await call(`${ApiPath.report.payment.list}?status=pending&chainId=1&pageSize=100`);
    const pending = (list.data as unknown as { list: OrderRow[] }).list;
    // An order no other pending order of its address shares the amount with: the exact amount names it.
    const order = pending.find(
      (o) =>
        !pending.some(
          (other) => other !== o && other.depositAddress === o.depositAddress && other.amount === o.amount && other.symbol === o.symbol,
        ),
    );
    expect(order, 'a pending order on Ethereum in the demo data').toBeDefined();
    const { orderNo, amount, depositAddress, symbol } = order!;

    const page = await env.browser.newPage();
    await signIn(page, env.server.baseUrl, 'superAdmin');
    const lookUp = async () => {
      await page.goto(`${env.server.baseUrl}/order-repair`);
      await page.getByLabel('Order no. or transaction hash').fill(orderNo);
      await page.getByRole('button', { name: 'Find' }).click();
      await page.getByText(orderNo).first().waitFor({ timeout: 30_000 });
      // The status chip, and the details (the payment's hash once paid).
      return {
        status: await page.locator('main .MuiChip-label').first().textContent(),
        details: (await page.locator('main').textContent()) ?? '',
      };
    };
    expect((await lookUp()).status).toBe('Pending');

    // The customer's wallet: here the devnet's faucet, sending (the coin) or minting (a token) the exact amount to the deposit address.
    const currencies = (await call(`${ApiPath.currency.list}?chainId=1&pageSize=100`)) as unknown as {
      data: { list: Array<{ symbol: string; contractAddress: string | null; decimals: number }> };
    };
    const currency = currencies.data.list.find((c) => c.symbol === symbol)!;
    const txHash = await payThroughDevnet(env.server, currency, depositAddress, amount);

    // The watcher books it once the chain has Ethereum's confirmations on top (the devnet mines them while it waits).
    await expect.poll(async () => (await lookUp()).status, WAIT).toBe('Paid');
    expect((await lookUp()).details).toContain(txHash);
    await page.close();
  });
});
