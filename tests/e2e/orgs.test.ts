import { describe, expect, it } from 'vitest';
import { e2eEnvironment, signIn } from './harness';

const env = e2eEnvironment();

describe('org screens: the own profile, and the orgs under an operator or agent', () => {
  it('an agent sees its profile and the merchants under it, searchable by name', async () => {
    const page = await env.browser.newPage();
    await signIn(page, env.server.baseUrl, 'agentEmployee');
    await page.getByRole('menuitem', { name: 'Agent' }).click();
    await page.waitForURL(/\/agent$/);
    await expect.poll(() => page.getByRole('main').textContent()).toContain('North Agency');
    const under = page.getByRole('table', { name: 'Organisations under it' });
    await expect.poll(() => under.textContent()).toContain('Aurora Pay (Pro)');
    expect(await under.textContent()).toContain('Cedar Cafe (Lite)');
    expect(await under.textContent()).not.toContain('Elm Market');
    await page.getByLabel('Search by name').fill('birch');
    await expect.poll(() => under.getByRole('row').count()).toBe(2);
    expect(await under.textContent()).toContain('Birch Goods (Standard)');
    await page.close();
  });

  it('a merchant sees only its own profile, with the agency it is under', async () => {
    const page = await env.browser.newPage();
    await signIn(page, env.server.baseUrl, 'merchantLiteEmployee');
    await page.goto(`${env.server.baseUrl}/merchant-lite`);
    await expect.poll(() => page.getByRole('main').textContent()).toContain('Cedar Cafe (Lite)');
    expect(await page.getByRole('main').textContent()).toContain('North Agency');
    expect(await page.getByRole('table', { name: 'Organisations under it' }).count()).toBe(0);
    await page.close();
  });
});

describe('asset flow', () => {
  it('finance reads the ledger of its wallets on the selected chain, with the opening balances', async () => {
    const page = await env.browser.newPage();
    await signIn(page, env.server.baseUrl, 'merchantProFinance');
    await page.getByRole('menuitem', { name: 'Asset flow', exact: true }).click();
    await page.waitForURL(/\/asset-flow$/);
    const table = page.locator('table');
    await expect.poll(() => table.textContent()).toContain('Aurora cold');
    expect(await table.textContent()).toContain('Opening balance');
    // Ethereum is selected: the TRON wallet's entries are not listed.
    expect(await table.textContent()).not.toContain('Aurora TRON hot');
    await page.close();
  });
});
