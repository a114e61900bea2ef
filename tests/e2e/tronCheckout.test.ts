import { expect, test } from './test';
import { ApiPath } from '../../src/contract/apiPaths';
import { payLinkPath } from '../../src/contract/payLink';
import { apiAs, e2eEnvironment } from './harness';
import { axeViolations } from './axe';

/**
 * A TRON order on the checkout page (docs/payments.md "Paying on the devnet"): TRON is simulated, so in
 * devnet mode (this server's) the page says so plainly and offers "Simulate a payment", the amount
 * prefilled with what is missing. A part leaves the order partly paid, the rest pays it: "Paid" shows
 * without a reload (the page reads its order again by itself). Axe clean before and after.
 */
const env = e2eEnvironment();
const TRON_CHAIN = 728126428;

/** A pay link of Aurora Pay for 25 USDT on TRON, made as its manager makes one on the console: its code. */
async function tronLink(): Promise<string> {
  const call = await apiAs(env.server.baseUrl, 'merchantProManager');
  const currencies = await call(`${ApiPath.currency.list}?chainId=${TRON_CHAIN}&symbol=USDT`);
  const [usdt] = (currencies.data as unknown as { list: Array<{ id: number }> }).list;
  expect(usdt, 'USDT on TRON in the demo seed').toBeDefined();
  const saved = await call(ApiPath.payLink.save, { title: 'TRON order', chainId: TRON_CHAIN, currencyId: usdt.id, amount: '25' });
  expect(saved.code).toBe(200);
  return saved.data.code as string;
}

test('a TRON order is paid by simulated payments, a part then the rest, and shows "Paid" without a reload', async () => {
  test.setTimeout(120_000);
  const code = await tronLink();
  const page = await env.browser.newPage();
  await page.goto(`${env.server.baseUrl}${payLinkPath(code)}?lng=en-US`);
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.waitForURL(/\/checkout\/[\w-]+/);

  const state = page.getByTestId('order-state');
  await expect(state.getByText('Waiting for payment')).toBeVisible();
  await expect(page.getByTestId('simulated')).toContainText('TRON is simulated on this test platform');
  await expect(page.getByTestId('simulated')).toContainText('Do not send real money');
  await expect(page.getByRole('button', { name: 'Pay with my browser wallet' })).toHaveCount(0);
  const field = page.getByLabel(/Amount in USDT/);
  await expect(field).toHaveValue('25');
  expect(await axeViolations(page, '/checkout TRON')).toEqual([]);

  await field.fill('10');
  await page.getByRole('button', { name: 'Simulate a payment' }).click();
  await expect(page.getByTestId('simulation-status')).toContainText('Simulated payment of 10.00 USDT sent');
  await expect(state.getByText('Partly paid')).toBeVisible();
  await expect(state).toContainText('Received 10.00 USDT; still missing 15.00 USDT.');
  // What is missing now, prefilled.
  await expect(field).toHaveValue('15');
  expect(await axeViolations(page, '/checkout TRON partly paid')).toEqual([]);

  await page.getByRole('button', { name: 'Simulate a payment' }).click();
  await expect(state.getByText('Paid', { exact: true })).toBeVisible();
  await expect(state).toContainText('Thank you');
  // Paid: nothing more to simulate.
  await expect(page.getByRole('button', { name: 'Simulate a payment' })).toHaveCount(0);
  expect(await axeViolations(page, '/checkout TRON paid')).toEqual([]);
  await page.close();
});

test('in Chinese at 390 px wide: the note and the control in its words, nothing wider than the phone', async () => {
  const code = await tronLink();
  const page = await env.browser.newPage({ viewport: { width: 390, height: 844 } });
  await page.goto(`${env.server.baseUrl}${payLinkPath(code)}?lng=zh-CN`);
  await page.getByRole('button', { name: '继续' }).click();
  await page.waitForURL(/\/checkout\/[\w-]+/);
  await expect(page.getByTestId('simulated')).toContainText('模拟网络');
  await expect(page.getByRole('button', { name: '模拟付款' })).toBeVisible();
  expect(await axeViolations(page, '/checkout TRON (zh-CN)')).toEqual([]);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.close();
});
