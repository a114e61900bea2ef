import { expect, test } from './test';
import type { Page } from 'playwright-core';
import { e2eEnvironment, signIn } from './harness';

const env = e2eEnvironment();

/**
 * Each role's menu is counted whole, declared resources included: a resource turned into a
 * declaration keeps its entry, so the numbers do not change with it.
 */
const menuOf = async (page: Page) => {
  await page.getByRole('menuitem', { name: 'Home' }).waitFor();
  return page.getByRole('menuitem').allTextContents();
};

const expectDenied = async (page: Page, path: string) => {
  await page.goto(`${env.server.baseUrl}${path}`);
  await page.waitForURL(/\/403$/);
  // The /403 page renders after the redirect: wait for it rather than read it once.
  await page.getByRole('heading', { name: 'No access' }).waitFor();
  await page.getByRole('link', { name: 'Back to home' }).waitFor();
};

test.describe('the menu and guards follow the role matrix', () => {
  test('superAdmin sees operator screens and no agent or merchant-tier screens', async () => {
    const page = await env.browser.newPage();
    await signIn(page, env.server.baseUrl, 'superAdmin');
    const menu = await menuOf(page);
    expect(menu).toEqual(expect.arrayContaining(['Networks', 'Multisig', 'Operator', 'Contract addresses', 'Brand']));
    expect(menu).not.toContain('Invitations');
    expect(menu).not.toContain('Pro wallets');
    // One entry per job: the full asset flow, not also the lite one.
    expect(menu).toContain('Asset flow');
    expect(menu).not.toContain('Asset flow (lite)');
    // The 22 original routes of the operator row, the audit log, the transaction policy and the address book (docs/roles-and-routes.md).
    expect(menu).toEqual(expect.arrayContaining(['Audit log', 'Transaction policy', 'Address book']));
    expect(menu).toHaveLength(26);
    await expectDenied(page, '/invitation');
    await page.close();
  });

  test('agentEmployee sees agent screens, and a denied URL lands on /403', async () => {
    const page = await env.browser.newPage();
    await signIn(page, env.server.baseUrl, 'agentEmployee');
    const menu = await menuOf(page);
    expect(menu).toEqual(expect.arrayContaining(['Agent', 'Invitations', 'Multisig']));
    expect(menu).not.toContain('Contract addresses');
    expect(menu).not.toContain('Pay links');
    expect(menu).toHaveLength(15);
    await expectDenied(page, '/contract-address');
    await expectDenied(page, '/brand');
    await page.close();
  });

  test('merchantLiteEmployee has no multisig and reaches the lite screens', async () => {
    const page = await env.browser.newPage();
    await signIn(page, env.server.baseUrl, 'merchantLiteEmployee');
    const menu = await menuOf(page);
    // One entry per job: the wallets page and the lite asset flow (the tier page and the full ledger open by URL).
    expect(menu).toEqual(expect.arrayContaining(['Wallets', 'Asset flow (lite)', 'Lite merchant']));
    expect(menu).not.toContain('Lite wallets');
    expect(menu).not.toContain('Asset flow');
    expect(menu).not.toContain('Multisig');
    expect(menu).toHaveLength(21);
    await expectDenied(page, '/multisig');
    await page.goto(`${env.server.baseUrl}/merchant-lite-wallet`);
    await expect.poll(() => page.locator('table').textContent()).toContain('Cedar deposits');
    await page.close();
  });

  test('merchantStdFinance sees the standard tier and cannot open the operator brand page', async () => {
    const page = await env.browser.newPage();
    await signIn(page, env.server.baseUrl, 'merchantStdFinance');
    const menu = await menuOf(page);
    expect(menu).toEqual(expect.arrayContaining(['Wallets', 'Standard merchant', 'Supply', 'Multisig']));
    expect(menu).not.toContain('Standard wallets');
    expect(menu).not.toContain('Pro wallets');
    await expectDenied(page, '/brand');
    await expectDenied(page, '/merchant-pro-wallet');
    await page.close();
  });

  test('merchants see networks read-only: no create button', async () => {
    const page = await env.browser.newPage();
    await signIn(page, env.server.baseUrl, 'merchantStdFinance');
    await page.goto(`${env.server.baseUrl}/network`);
    await expect.poll(() => page.locator('table').textContent()).toContain('Ethereum');
    expect(await page.getByRole('link', { name: 'Create' }).count()).toBe(0);
    await page.goto(`${env.server.baseUrl}/network/create`);
    await page.waitForURL(/\/403$/);
    await page.close();
  });

  test('multiOrg: switching org changes the menu, remembers the choice, and leaves a page the new role may not see', async () => {
    const page = await env.browser.newPage();
    await signIn(page, env.server.baseUrl, 'multiOrg');
    const org = page.getByRole('combobox', { name: 'Organisation' });
    const pick = async (name: RegExp) => {
      await org.click();
      await page.getByRole('option', { name }).click();
    };
    await pick(/Delta Exchange/);
    expect(await menuOf(page)).toContain('Pro merchant');
    await page.getByRole('menuitem', { name: 'Pro merchant' }).click();
    await page.waitForURL(/\/merchant-pro$/);

    await pick(/Birch Goods/);
    await page.waitForURL(/\/home$/);
    // The new role applies once /home is shown (see OrgSwitcher).
    await expect.poll(() => menuOf(page)).toContain('Standard merchant');
    expect(await menuOf(page)).not.toContain('Pro merchant');

    await page.reload();
    expect(await menuOf(page)).toContain('Standard merchant');
    expect(await org.textContent()).toContain('Birch Goods');
    await page.close();
  });
});
