import { expect, test } from './test';
import { e2eEnvironment, saveAndWait, signIn } from './harness';

const env = e2eEnvironment();

test.describe('the audit log', () => {
  test('superAdmin changes a currency’s withdrawal fee and reads who changed it, before → after', async () => {
    const page = await env.browser.newPage();
    await signIn(page, env.server.baseUrl, 'superAdmin');
    // USDT on Ethereum (the demo's second currency).
    await page.goto(`${env.server.baseUrl}/currency/2`);
    const fee = page.getByLabel('Withdrawal fee');
    await expect.poll(() => fee.inputValue()).toBe('2');
    await fee.fill('2.5');
    await saveAndWait(page, /\/currency$/);

    await page.getByRole('menuitem', { name: 'Audit log' }).click();
    await page.waitForURL(/\/audit-log$/);
    await expect.poll(() => page.getByTestId('audit-chain').textContent()).toContain('Audit chain intact');
    await page.getByRole('combobox', { name: 'Record' }).click();
    await page.getByRole('option', { name: 'Currency' }).click();
    const row = page.locator('table tbody tr').filter({ hasText: 'Changed' }).first();
    await expect.poll(() => row.textContent()).toContain('Sam Super');
    await row.click();
    const drawer = page.getByTestId('audit-event');
    await expect.poll(() => drawer.getByRole('heading', { level: 2 }).textContent()).toBe('Changed · Currency #2');
    const diff = drawer.getByTestId('audit-diff');
    expect(await diff.getByRole('row').filter({ hasText: 'withdrawFee' }).locator('td').allTextContents()).toEqual([
      'withdrawFee',
      '2',
      '2.5',
    ]);
    expect(await drawer.textContent()).toContain('POST /sys/currency/update');
    await page.keyboard.press('Escape');
    await expect.poll(() => drawer.count()).toBe(0);
    await page.close();
  });

  test('a merchant manager reads its own org’s events only, with no chain check', async () => {
    const page = await env.browser.newPage();
    await signIn(page, env.server.baseUrl, 'merchantProManager');
    await page.getByRole('menuitem', { name: 'Audit log' }).click();
    await page.waitForURL(/\/audit-log$/);
    const table = page.locator('table tbody');
    await expect.poll(() => table.textContent()).toContain('Aurora Pay (Pro)');
    const orgs = new Set(await table.locator('tr td:nth-child(3)').allTextContents());
    expect([...orgs]).toEqual(['Aurora Pay (Pro)']);
    expect(await page.getByTestId('audit-chain').count()).toBe(0);
    await page.close();
  });

  test('the operator’s asset flow opens with the books’ check: they balance', async () => {
    const page = await env.browser.newPage();
    await signIn(page, env.server.baseUrl, 'superAdmin');
    await page.goto(`${env.server.baseUrl}/asset-flow`);
    await expect.poll(() => page.getByTestId('ledger-check').textContent()).toMatch(/^Books balance as of /);
    await page.close();
  });
});
