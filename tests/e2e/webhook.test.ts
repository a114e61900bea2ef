import type { Page } from 'playwright-core';
import { expect, test } from './test';
import { e2eEnvironment, signedInPage } from './harness';
import { ApiPath } from '../../src/contract/apiPaths';
import { PAID_WAIT_MS, payLinkOrderPaid } from './devnetPayment';
import { startReceiver, verifyWebhook } from '../support/webhookReceiver';

/**
 * Webhooks in Chromium (docs/webhooks.md "The delivery log", "A failing endpoint"): a merchant's
 * manager adds an endpoint pointing at a receiver this test runs on loopback, sends a test event
 * and sees it delivered in the endpoint's log with its payload; an order of the org paid on the
 * devnet shows as `order.paid` there too, signed with the endpoint's secret. An endpoint whose
 * receiver fails is named on /home to the manager and not to the org's finance staff.
 */
const env = e2eEnvironment();
let receiver: Awaited<ReturnType<typeof startReceiver>>;

test.beforeAll(async () => {
  receiver = await startReceiver(({ path }) => (path === '/broken' ? 500 : undefined));
});
test.afterAll(async () => {
  await receiver?.close();
});

/** Adds an endpoint on /webhook/create and answers its secret, shown once; ends on its page (show). */
async function addEndpoint(page: Page, url: string): Promise<string> {
  await page.goto(`${env.server.baseUrl}/webhook/create`);
  await page.locator('form').getByLabel('URL').fill(url);
  await page.getByRole('button', { name: 'Save' }).click();
  const dialog = page.getByRole('dialog', { name: 'Your signing secret' });
  await dialog.waitFor();
  const secret = await dialog.getByTestId('webhook-secret').inputValue();
  await dialog.getByRole('button', { name: 'I have copied it' }).click();
  await page.waitForURL(/\/webhook$/);
  // A row opens the endpoint's edit form (its managers may change it); its page is beside it.
  await page.getByRole('row').filter({ hasText: url }).getByText(url).click();
  await page.waitForURL(/\/webhook\/\d+$/);
  await page.goto(`${page.url()}/show`);
  await page.getByRole('heading', { name: `Webhook endpoint ${url}` }).waitFor();
  return secret;
}

test.describe('webhook endpoints and their delivery log', () => {
  test.setTimeout(PAID_WAIT_MS + 180_000);

  test('a manager sends a test event and sees it delivered; a paid order shows as order.paid', async () => {
    const page = await signedInPage(env, 'merchantProManager', '/webhook');
    const url = `${receiver.base}/hook`;
    const secret = await addEndpoint(page, url);

    await page.getByRole('button', { name: 'Send test event' }).click();
    // The loop sends it within its beat; the log reads again while a delivery is pending.
    const test = page.getByTestId('webhook-delivery-webhook.test');
    await expect(test).toHaveAttribute('data-status', 'delivered', { timeout: 30_000 });
    await expect(test).toContainText('204');
    await test.getByRole('button', { name: 'Payload' }).click();
    const payload = page.getByRole('dialog');
    await expect(payload.getByTestId('webhook-payload')).toContainText('"type": "webhook.test"');
    await payload.getByRole('button', { name: 'Close' }).click();
    // The receiver got it once, signed with the secret shown at creation.
    const got = receiver.at('/hook');
    expect(got).toHaveLength(1);
    expect(verifyWebhook(secret, got[0]!)).toMatchObject({ type: 'webhook.test' });

    // An order of the manager's pay link, paid on the devnet: its events reach the endpoint.
    await payLinkOrderPaid(env.server, '49.9', 'paid');
    await page.reload();
    await expect(page.getByTestId('webhook-delivery-order.paid')).toHaveAttribute('data-status', 'delivered', { timeout: 30_000 });
    await expect
      .poll(() => receiver.at('/hook').map((r) => (JSON.parse(r.body) as { type: string }).type), { timeout: 30_000 })
      .toContain('order.paid');
    await page.close();
  });

  test('an endpoint whose receiver fails is named on /home to the manager, not to finance staff', async () => {
    const page = await signedInPage(env, 'merchantProManager', '/webhook');
    const url = `${receiver.base}/broken`;
    await addEndpoint(page, url);
    const show = page.url();
    await page.getByRole('button', { name: 'Send test event' }).click();
    await expect(page.getByTestId('webhook-delivery-webhook.test')).toContainText('500', { timeout: 30_000 });

    await page.goto(`${env.server.baseUrl}/home`);
    const warning = page.getByTestId('home-failing-webhooks');
    await expect(warning).toContainText(url);
    await warning.getByRole('link', { name: url }).click();
    await page.getByRole('heading', { name: `Webhook endpoint ${url}` }).waitFor();
    expect(page.url()).toBe(show);
    await page.close();

    // The finance staff's /home asks too: the server answers it no endpoint, and none shows.
    const finance = await signedInPage(env, 'merchantProFinance', '/home');
    const [answer] = await Promise.all([finance.waitForResponse((r) => r.url().includes(ApiPath.webhook.failing)), finance.reload()]);
    expect(((await answer.json()) as { data: { list: unknown[] } }).data.list).toEqual([]);
    await finance.getByTestId('home-networks').waitFor();
    expect(await finance.getByTestId('home-failing-webhooks').count()).toBe(0);
    await finance.close();
  });
});
