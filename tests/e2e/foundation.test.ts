import { expect, test } from './test';
import { e2eEnvironment, signedInPage } from './harness';

const env = e2eEnvironment();

test.describe('foundation: sign in, list and create networks', () => {
  test('superAdmin signs in, sees the seeded chains, creates one and finds it listed', async () => {
    const page = await signedInPage(env, 'superAdmin');
    await expect.poll(() => page.getByTestId('home-networks').textContent()).toBe('3');

    await page.getByRole('menuitem', { name: 'Networks' }).click();
    await page.waitForURL(/\/network$/);
    const table = page.locator('table');
    await expect.poll(() => table.textContent()).toContain('Ethereum');
    expect(await table.textContent()).toContain('TRON');

    await page.getByRole('link', { name: 'Create' }).click();
    await page.waitForURL(/\/network\/create$/);
    await page.locator('input[name="chainId"]').fill('137');
    await page.locator('input[name="name"]').fill('Polygon PoS');
    await page.locator('input[name="symbol"]').fill('POL');
    await page.locator('input[name="rpcUrl"]').fill('https://polygon.example-rpc.net');
    await page.locator('input[name="explorerUrl"]').fill('https://polygonscan.com');
    await page.getByRole('button', { name: 'Save' }).click();
    // The engine's notification, through the one toast layer (top-center), names what was saved.
    await page.locator('.Toastify__toast-container--top-center').getByText('Network “Polygon PoS” created').waitFor();
    await page.waitForURL(/\/network$/);
    await expect.poll(() => page.locator('table').textContent()).toContain('Polygon PoS');
    await page.close();
  });

  test('a browser-history route survives a reload', async () => {
    const page = await signedInPage(env, 'operatorEmployee', '/currency');
    await page.reload();
    await expect.poll(() => page.locator('table').textContent()).toContain('USDT');
    expect(new URL(page.url()).pathname).toBe('/currency');
    await page.close();
  });

  test('a wrong password shows the server message as an error toast and stays on /login', async () => {
    const page = await env.browser.newPage();
    await page.goto(`${env.server.baseUrl}/login`);
    await page.getByLabel(/account/i).fill('superAdmin');
    await page.getByLabel(/password/i).fill('not-the-password');
    await page.getByRole('button', { name: /sign in/i }).click();
    await expect
      .poll(() => page.getByRole('alert').allTextContents())
      .toContainEqual(expect.stringContaining('Wrong account or password.'));
    expect(new URL(page.url()).pathname).toBe('/login');
    await page.close();
  });
});
