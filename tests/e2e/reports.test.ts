import { expect, test } from './test';
import { DEMO_PASSWORD } from '../../server/db/seed/demoData';
import { apiAs, e2eEnvironment, saveAndWait, downloadCsv, listTotalShown, signedInPage } from './harness';
import { payThroughDevnet } from './devnetPayment';
import { ApiPath } from '../../src/contract/apiPaths';

const env = e2eEnvironment();
/** How long a poll waits for the screen to follow (a busy CI machine answers slowly). */
const WAIT = { timeout: 15_000 };

test.describe('finance reports', () => {
  test('finance filters the payment report, reads totals per currency, and exports exactly the filtered rows', async () => {
    const page = await signedInPage(env, 'merchantProFinance');
    await page.getByRole('menuitem', { name: 'Payment report' }).click();
    await page.waitForURL(/\/payment-report$/);
    const rows = page.locator('table tbody').last().locator('tr');
    const totals = page.getByRole('table', { name: 'Totals of the filtered payments' });
    await expect.poll(() => totals.locator('tbody tr').count(), WAIT).toBeGreaterThan(0);
    expect(await page.locator('table').last().textContent()).toContain('Aurora Pay (Pro)');

    // Status: paid only; the totals follow.
    await page.getByRole('combobox', { name: 'Status' }).click();
    await page.getByRole('option', { name: 'Paid' }).click();
    await expect.poll(() => page.url(), WAIT).toContain('paid');
    await expect
      .poll(async () => (await page.locator('table').last().locator('tbody tr').allTextContents()).every((r) => r.includes('Paid')), WAIT)
      .toBe(true);
    const paidCount = await listTotalShown(page);
    const counted = (await totals.locator('tbody tr td:nth-child(2)').allTextContents()).reduce((n, c) => n + Number(c), 0);
    expect(counted).toBe(paidCount);

    const { lines } = await downloadCsv(page, () => page.getByRole('button', { name: 'Export' }).click());
    expect(lines.length - 1).toBe(paidCount);
    expect(lines[0].split(',').slice(0, 5)).toEqual(['Chain', 'Chain ID', 'Order no.', 'Created', 'Organisation']);
    // The chain is named; its id has a column of its own.
    expect(lines[1].split(',')[0]).toBe('Ethereum');

    // One order by its number.
    const orderNo = lines[1].split(',')[2];
    await page.getByLabel('Order no. or tx hash').fill(orderNo);
    await expect.poll(() => rows.count(), WAIT).toBe(1);
    expect(await rows.first().textContent()).toContain(orderNo);

    // The orders of a day by the start of their number ("PAY20261114"), typed in any case.
    const prefix = orderNo.slice(0, 11);
    const sameDay = lines.slice(1).filter((line) => line.split(',')[2].startsWith(prefix)).length;
    await page.getByLabel('Order no. or tx hash').fill(prefix.toLowerCase());
    await expect.poll(() => page.getByText(new RegExp(`of ${sameDay}$`)).count(), WAIT).toBe(1);
    expect((await rows.allTextContents()).every((r) => r.includes(prefix))).toBe(true);

    // A range of days with nothing in it: the empty state names the filters, and clears them.
    await page.getByLabel('Order no. or tx hash').fill('');
    // The search box applies after a pause: let it, before the days change the filters.
    await expect.poll(() => page.getByText(new RegExp(`of ${paidCount}$`)).count(), WAIT).toBe(1);
    await page.getByLabel('From', { exact: true }).fill('2020-01-01');
    await page.getByLabel('To', { exact: true }).fill('2020-01-31');
    const empty = page.getByTestId('report-empty');
    await empty.getByText('No payments match these filters:').waitFor();
    expect(await empty.getByText('Status: Paid').count()).toBe(1);
    await expect.poll(() => empty.textContent(), WAIT).toMatch(/Days: Jan 1\s–\s31, 2020/);
    await empty.getByRole('button', { name: 'Clear filters' }).click();
    await expect.poll(() => totals.locator('tbody tr').count(), WAIT).toBeGreaterThan(0);
    expect(await page.getByLabel('From', { exact: true }).inputValue()).toBe('');
    await page.close();
  });

  test('“All chains” lists and totals every chain’s orders, each row with its chain', async () => {
    const login = await fetch(`${env.server.baseUrl}/api${ApiPath.auth.login}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ account: 'superAdmin', password: DEMO_PASSWORD }),
    });
    const token = ((await login.json()) as { data: { token: string } }).data.token;
    const count = async (query: string) =>
      (
        (await (
          await fetch(`${env.server.baseUrl}/api${ApiPath.report.payment.list}?pageSize=1${query}`, {
            headers: { authorization: `Bearer ${token}` },
          })
        ).json()) as { data: { count: number } }
      ).data.count;
    const [everyChain, ethereum] = [await count(''), await count('&chainId=1')];
    expect(everyChain).toBeGreaterThan(ethereum);

    const page = await signedInPage(env, 'superAdmin', '/payment-report');
    const totals = page.getByRole('table', { name: 'Totals of the filtered payments' });
    await expect.poll(() => page.getByText(new RegExp(`of ${ethereum}$`)).count(), WAIT).toBe(1);
    await page.getByRole('combobox', { name: 'Chains' }).click();
    await page.getByRole('option', { name: 'All chains' }).click();
    await expect.poll(() => page.getByText(new RegExp(`of ${everyChain}$`)).count(), WAIT).toBe(1);
    await expect.poll(() => totals.textContent(), WAIT).toContain('TRON');
    await expect.poll(() => page.locator('table').last().locator('thead').textContent(), WAIT).toContain('Chain');
    await page.close();
  });

  test('agents do not see the reports', async () => {
    const page = await signedInPage(env, 'agentManager');
    expect(await page.getByRole('menuitem', { name: 'Payment report' }).count()).toBe(0);
    await page.goto(`${env.server.baseUrl}/gas-report`);
    await page.waitForURL(/\/403$/);
    await page.close();
  });
});

test.describe('pay links', () => {
  test('finance creates a link of its org in a currency of the selected chain, then disables it; the employee only reads', async () => {
    const page = await signedInPage(env, 'merchantProFinance');
    await page.getByRole('menuitem', { name: 'Pay links' }).click();
    await page.waitForURL(/\/pay-link$/);
    await page.getByRole('link', { name: 'Create' }).click();
    const fill = async (amount: string) => {
      await page.locator('form').getByLabel('Title').fill('Gift card');
      await page.locator('form').getByRole('combobox', { name: 'Currency' }).click();
      await page.getByRole('option', { name: 'USDT' }).click();
      await page.locator('form').getByLabel('Amount').fill(amount);
    };
    await fill('25.1234567');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('At most 6 decimal places.').waitFor();
    // A fresh form for the good amount: a refused form re-validates on every change meanwhile.
    await page.reload();
    await fill('25');
    await saveAndWait(page, /\/pay-link$/);
    const row = page.getByRole('row').filter({ hasText: 'Gift card' });
    await expect.poll(() => row.textContent()).toContain('25');
    // The row shows the URL its payers open, on the platform's origin.
    const payUrl = new RegExp(`^${env.server.baseUrl.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}/pay/[\\w-]+$`);
    expect(await row.getByRole('link', { name: payUrl }).getAttribute('href')).toMatch(payUrl);
    await row.getByRole('cell', { name: 'Gift card' }).click();
    await page.waitForURL(/\/pay-link\/\d+$/);
    await page.locator('form').getByLabel('Enabled').uncheck();
    await saveAndWait(page, /\/pay-link$/);
    await page.close();

    const employee = await signedInPage(env, 'merchantProEmployee', '/pay-link');
    await expect.poll(() => employee.locator('table').textContent()).toContain('Gift card');
    // Disabled: react-admin's boolean field reads "No".
    expect(await employee.getByRole('row').filter({ hasText: 'Gift card' }).getByLabel('No').count()).toBe(1);
    expect(await employee.getByRole('link', { name: 'Create' }).count()).toBe(0);
    await employee.close();
  });
});

test.describe('order repair', () => {
  interface OrderRow {
    orderNo: string;
    chainId: number;
    symbol: string;
    amount: string;
    depositAddress: string;
  }
  /** The first order of the payment report as `account` reads it through the API, with these filters. */
  const firstOrder = async (account: string, query: string) => {
    const call = await apiAs(env.server.baseUrl, account);
    return ((await call(`${ApiPath.report.payment.list}?${query}&pageSize=1`)).data as unknown as { list: OrderRow[] }).list[0];
  };

  /**
   * Waits until the deposit watcher has booked money into the order's deposit address (docs/chains.md
   * "Deposits": read once it has the chain's confirmations), `txHash`'s when given. On a simulated chain
   * there is nothing to wait for.
   */
  const bookedInto = async (order: OrderRow, txHash?: string) => {
    const call = await apiAs(env.server.baseUrl, 'superAdmin');
    const chains = (await call(`${ApiPath.chain.list}?pageSize=100`)).data as unknown as {
      list: Array<{ chainId: number; family: string }>;
    };
    if (chains.list.find((c) => c.chainId === order.chainId)?.family !== 'evm') return;
    const wallets = (await call(`${ApiPath.chainWallet.list}?chainId=${order.chainId}&address=${order.depositAddress}&pageSize=5`))
      .data as unknown as { list: Array<{ id: number }> };
    const walletId = wallets.list[0].id;
    await expect
      .poll(
        async () => {
          const flow = (await call(`${ApiPath.assetFlow.list}?walletId=${walletId}&reason=deposit&pageSize=50`)).data as unknown as {
            list: Array<{ txHash: string | null }>;
          };
          return txHash ? flow.list.some((e) => e.txHash?.toLowerCase() === txHash.toLowerCase()) : flow.list.length > 0;
        },
        { timeout: 90_000, intervals: [1_000] },
      )
      .toBe(true);
  };

  test('the operator finds an expired order, re-credits it with the paying transaction, and the log shows who and why', async () => {
    test.setTimeout(240_000);
    const order = await firstOrder('merchantProFinance', 'status=expired&chainId=1');
    // The customer did pay, late: on the devnet, into the order's address; the watcher books it as a deposit.
    const call = await apiAs(env.server.baseUrl, 'superAdmin');
    const currencies = (await call(`${ApiPath.currency.list}?chainId=1&pageSize=100`)).data as unknown as {
      list: Array<{ symbol: string; contractAddress: string | null; decimals: number }>;
    };
    const txHash = await payThroughDevnet(
      env.server,
      currencies.list.find((c) => c.symbol === order.symbol)!,
      order.depositAddress,
      order.amount,
    );
    await bookedInto(order, txHash);

    const page = await signedInPage(env, 'superAdmin');
    await page.getByRole('menuitem', { name: 'Order repair' }).click();
    await page.getByLabel('Order no. or transaction hash').fill(order.orderNo.toLowerCase());
    await page.getByRole('button', { name: 'Find' }).click();
    await page.getByRole('heading', { name: order.orderNo }).waitFor();
    await page.getByText('This order was never repaired.').waitFor();
    await page.getByRole('textbox', { name: /^Transaction hash/ }).fill(txHash);
    await page.getByRole('textbox', { name: /^Reason/ }).fill('Paid after expiry; confirmed on Etherscan.');
    await page.getByRole('button', { name: 'Re-credit' }).click();
    await page.getByRole('button', { name: 'Confirm' }).click();
    const log = page.getByRole('table', { name: 'Repair log' });
    await expect.poll(() => log.textContent()).toContain('superAdmin');
    expect(await log.textContent()).toContain('Expired → Paid');
    expect(await page.getByRole('button', { name: 'Re-credit' }).count()).toBe(0);
    await page.close();

    // The merchant sees the repair on its own order, and has no re-credit form anywhere.
    const merchant = await signedInPage(env, 'merchantProFinance', '/order-repair');
    await merchant.getByLabel('Order no. or transaction hash').fill(order.orderNo);
    await merchant.getByRole('button', { name: 'Find' }).click();
    await expect.poll(() => merchant.getByRole('table', { name: 'Repair log' }).textContent()).toContain('Paid after expiry');
    await merchant.close();
  });

  test('finance re-checks an expired order paid late: the chain shows the transfer, the order is paid and the log says so', async () => {
    test.setTimeout(240_000);
    // The demo data's late payment of each merchant is its oldest expired checkout payment.
    const order = await firstOrder('merchantProFinance', 'status=expired&sort=createdAt&order=asc');
    // On an EVM chain that payment was sent on the devnet when it was made (server/chain/materialize.ts).
    await bookedInto(order);
    const page = await signedInPage(env, 'merchantProFinance', '/order-repair');
    await page.getByLabel('Order no. or transaction hash').fill(order.orderNo);
    await page.getByRole('button', { name: 'Find' }).click();
    await page.getByRole('heading', { name: order.orderNo }).waitFor();
    // Finance may re-check, never re-credit.
    expect(await page.getByRole('button', { name: 'Re-credit' }).count()).toBe(0);
    await page.getByRole('button', { name: 'Re-check on chain' }).click();
    await page.getByText(/^Payment found on chain: the order is paid by transaction 0x[0-9a-f]{64}\.$/).waitFor();
    const log = page.getByRole('table', { name: 'Repair log' });
    await expect.poll(() => log.textContent()).toContain('Expired → Paid');
    expect(await log.textContent()).toContain('Re-check on chain');
    expect(await log.textContent()).toContain('merchantProFinance');
    expect(await page.getByRole('button', { name: 'Re-check on chain' }).count()).toBe(0);
    await page.close();
  });
});
