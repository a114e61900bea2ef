import { expect, test } from './test';
import { apiAs, e2eEnvironment, signedInPage } from './harness';
import { ApiPath } from '../../src/contract/apiPaths';
import { API_KEY_FORMAT } from '../../src/contract/apiKey';

const env = e2eEnvironment();

/**
 * Merchant API keys in Chromium (docs/api.md "Merchant API keys"): a merchant's manager creates a
 * key, sees it once in a dialog that says so, then only its prefix, and revokes it.
 */
test.describe('merchant API keys', () => {
  test('a manager creates a key, sees it once, and revokes it', async () => {
    const page = await signedInPage(env, 'merchantProManager', '/api-key');
    await page.getByRole('link', { name: 'Create' }).click();
    await page.locator('form').getByLabel('Name').fill('Shop backend');
    await page.getByRole('button', { name: 'Save' }).click();

    const dialog = page.getByRole('dialog', { name: 'Your new API key' });
    await dialog.waitFor();
    await expect(dialog).toContainText('It will not be shown again');
    const key = await dialog.getByTestId('api-key-secret').inputValue();
    expect(key).toMatch(API_KEY_FORMAT);
    await dialog.getByRole('button', { name: 'I have copied it' }).click();
    await page.waitForURL(/\/api-key$/);

    // Afterwards only the prefix: the list holds the key's first characters, never the key.
    const row = page.getByRole('row').filter({ hasText: 'Shop backend' });
    await expect.poll(() => row.textContent()).toContain(key.slice(0, 10));
    expect(await page.locator('body').textContent()).not.toContain(key);
    await expect.poll(() => row.textContent()).toContain('Active');

    await row.getByText('Shop backend').click();
    await page.waitForURL(/\/api-key\/\d+\/show$/);
    expect(await page.locator('body').textContent()).not.toContain(key);
    await page.getByRole('button', { name: 'Revoke' }).click();
    await page.getByRole('button', { name: 'Confirm' }).click();
    await page.waitForURL(/\/api-key$/);
    await expect.poll(() => page.getByRole('row').filter({ hasText: 'Shop backend' }).textContent()).toContain('Revoked');
    await page.close();

    const api = await apiAs(env.server.baseUrl, 'merchantProManager');
    const listed = (await api(`${ApiPath.apiKey.list}?pageSize=100`)).data as {
      list: Array<{ name: string; status: string; prefix: string }>;
    };
    expect(listed.list).toEqual([expect.objectContaining({ name: 'Shop backend', status: 'revoked', prefix: key.slice(0, 10) })]);
  });
});
