import { expect, test } from './test';
import type { Page } from 'playwright-core';
import { e2eEnvironment, signedInPage } from './harness';

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
  /** Each role's menu: entries it has and lacks, how many in all; URLs it is denied; what else it reaches. */
  const menuCases: Array<{
    name: string;
    account: string;
    has: string[];
    lacks: string[];
    length?: number;
    denied: string[];
    then?: (page: Page) => Promise<void>;
  }> = [
    {
      name: 'superAdmin sees operator screens and no agent or merchant-tier screens',
      account: 'superAdmin',
      // One entry per job: the full asset flow, not also the lite one. The 22 original routes of the
      // operator row, the audit log, the transaction policy and the address book (docs/roles-and-routes.md).
      has: [
        'Networks',
        'Multisig',
        'Operator',
        'Contract addresses',
        'Brand',
        'Asset flow',
        'Audit log',
        'Transaction policy',
        'Address book',
      ],
      lacks: ['Invitations', 'Pro wallets', 'Asset flow (lite)'],
      length: 26,
      denied: ['/invitation'],
    },
    {
      name: 'agentEmployee sees agent screens, and a denied URL lands on /403',
      account: 'agentEmployee',
      has: ['Agent', 'Invitations', 'Multisig'],
      lacks: ['Contract addresses', 'Pay links'],
      length: 15,
      denied: ['/contract-address', '/brand'],
    },
    {
      name: 'merchantLiteEmployee has no multisig and reaches the lite screens',
      account: 'merchantLiteEmployee',
      // One entry per job: the wallets page and the lite asset flow (the tier page and the full ledger open by URL).
      has: ['Wallets', 'Asset flow (lite)', 'Lite merchant'],
      lacks: ['Lite wallets', 'Asset flow', 'Multisig'],
      length: 21,
      denied: ['/multisig'],
      then: async (page) => {
        await page.goto(`${env.server.baseUrl}/merchant-lite-wallet`);
        await expect.poll(() => page.locator('table').textContent()).toContain('Cedar deposits');
      },
    },
    {
      name: 'merchantStdFinance sees the standard tier and cannot open the operator brand page',
      account: 'merchantStdFinance',
      has: ['Wallets', 'Standard merchant', 'Supply', 'Multisig'],
      lacks: ['Standard wallets', 'Pro wallets'],
      denied: ['/brand', '/merchant-pro-wallet'],
    },
  ];
  for (const c of menuCases) {
    test(c.name, async () => {
      const page = await signedInPage(env, c.account);
      const menu = await menuOf(page);
      expect(menu).toEqual(expect.arrayContaining(c.has));
      for (const entry of c.lacks) expect(menu).not.toContain(entry);
      if (c.length !== undefined) expect(menu).toHaveLength(c.length);
      for (const path of c.denied) await expectDenied(page, path);
      await c.then?.(page);
      await page.close();
    });
  }

  test('merchants see networks read-only: no create button', async () => {
    const page = await signedInPage(env, 'merchantStdFinance', '/network');
    await expect.poll(() => page.locator('table').textContent()).toContain('Ethereum');
    expect(await page.getByRole('link', { name: 'Create' }).count()).toBe(0);
    await page.goto(`${env.server.baseUrl}/network/create`);
    await page.waitForURL(/\/403$/);
    await page.close();
  });

  test('multiOrg: switching org changes the menu, remembers the choice, and leaves a page the new role may not see', async () => {
    const page = await signedInPage(env, 'multiOrg');
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
