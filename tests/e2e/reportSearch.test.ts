import { expect, test } from './test';
import { e2eEnvironment, signIn } from './harness';

/** A search cap small enough that "PAY" (every payment's number) is broad among the demo's orders. */
const env = e2eEnvironment({ REPORT_SEARCH_CAP: '3' });
const WAIT = { timeout: 15_000 };

test.describe('a report search too broad to count', () => {
  test('pages without a total and says why there are no totals; a narrow search is counted and totalled again', async () => {
    const page = await env.browser.newPage();
    await signIn(page, env.server.baseUrl, 'superAdmin');
    await page.goto(`${env.server.baseUrl}/payment-report`);
    const totals = page.getByRole('table', { name: 'Totals of the filtered payments' });
    await expect.poll(() => totals.locator('tbody tr').count(), WAIT).toBeGreaterThan(0);
    const rows = page.locator('table').last().locator('tbody tr');
    const orderNo = ((await rows.first().locator('td').nth(0).textContent()) ?? '').trim();
    expect(orderNo).toMatch(/^PAY\d+/);

    await page.getByLabel('Order no. or tx hash').fill('PAY');
    await page.getByTestId('broad-search').waitFor(WAIT);
    expect(await page.getByTestId('broad-search').textContent()).toContain('More than 3 orders match this search');
    expect(await totals.count()).toBe(0);
    // No "of N": the count was not asked of the database. The totals and the rows are two answers:
    // the notice above can arrive while the rows of the search before (counted) are still shown.
    await expect.poll(() => page.getByText(/\d+-\d+ of \d+/).count(), WAIT).toBe(0);
    await expect.poll(() => rows.count(), WAIT).toBeGreaterThan(0);
    expect((await rows.allTextContents()).every((row) => row.includes('PAY'))).toBe(true);

    // One order's whole number is narrow: counted and totalled.
    await page.getByLabel('Order no. or tx hash').fill(orderNo);
    await expect.poll(() => page.getByText(/^1-1 of 1$/).count(), WAIT).toBe(1);
    await expect.poll(() => totals.locator('tbody tr').count(), WAIT).toBe(1);
    expect(await page.getByTestId('broad-search').count()).toBe(0);
    await page.close();
  });
});
