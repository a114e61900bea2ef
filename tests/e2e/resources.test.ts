import { expect, test } from './test';
import type { Page } from 'playwright-core';
import { shortenChainValue } from '../../src/resources/engine/explorer';
import { ApiPath } from '../../src/contract/apiPaths';
import { apiAs, e2eEnvironment, postWithPageSession, saveAndWait, signedInPage, submitSignUp } from './harness';

const env = e2eEnvironment();

/** Types into an autocomplete and picks the first option matching the text. */
const pickTyped = async (page: Page, label: string, text: string) => {
  const input = page.locator('form').getByRole('combobox', { name: label });
  await input.click();
  await input.fill(text);
  const option = page.getByRole('option').filter({ hasText: text }).first();
  await option.click();
};

const select = async (page: Page, label: string, option: RegExp) => {
  await page.locator('form').getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option }).click();
};

/** An EVM network as the API saves it, its node and explorer on example hosts. */
const evmNetwork = (chainId: number, name: string, symbol: string, confirmations: number, rpcHost: string, explorerHost = rpcHost) => ({
  chainId,
  name,
  family: 'evm',
  symbol,
  rpcUrl: `https://${rpcHost}`,
  explorerUrl: `https://${explorerHost}`,
  confirmations,
});

test.describe('resources on the engine, in the browser', () => {
  test('superAdmin creates a Hot wallet; a wrong EIP-55 checksum is refused on the field first', async () => {
    const page = await signedInPage(env, 'superAdmin', '/aggregate/create');
    await select(page, 'Organisation', /^Aurora Pay \(Pro\)$/);
    await select(page, 'Kind', /^Hot wallet$/);
    await page.locator('form').getByLabel('Label').fill('E2E hot');
    const good = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';
    await page
      .locator('form')
      .getByLabel('Address')
      .fill(good.slice(0, -1) + 'D');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('The address checksum is wrong (EIP-55 mixed case).').waitFor();
    expect(new URL(page.url()).pathname).toBe('/aggregate/create');
    await page.locator('form').getByLabel('Address').fill(good);
    // Save is disabled while the change re-validates; a click in that moment is lost.
    await page.getByText('The address checksum is wrong (EIP-55 mixed case).').waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL((url) => !url.pathname.endsWith('/create'));
    await page.goto(`${env.server.baseUrl}/aggregate`);
    await expect.poll(() => page.locator('table').textContent()).toContain('E2E hot');
    await page.close();
  });

  test('superAdmin creates a 2-of-3 MultiSigCold wallet on Ethereum: a Safe, so no address is asked and the Safe’s is listed', async () => {
    const page = await signedInPage(env, 'superAdmin', '/aggregate/create');
    // The org picker lists the orgs in scope; the signer picker then lists that org's members.
    await select(page, 'Organisation', /^Aurora Pay \(Pro\)$/);
    await select(page, 'Kind', /^Multisig cold \(Safe\)$/);
    await page.getByText('it is deployed with the signers’ keys when the wallet is created').waitFor();
    expect(await page.locator('form').getByLabel('Address').count()).toBe(0);
    await page.locator('form').getByLabel('Label').fill('E2E cold');
    await page.locator('form').getByLabel('Threshold').fill('2');
    for (const account of ['merchantProManager', 'merchantProFinance', 'merchantProEmployee']) await pickTyped(page, 'Signers', account);
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL((url) => !url.pathname.endsWith('/create'));
    const call = await apiAs(env.server.baseUrl, 'superAdmin');
    const listed = await call(`${ApiPath.chainWallet.list}?label=E2E%20cold&pageSize=100`);
    const wallet = (listed.data.list as Array<{ label: string; address: string }>).find((w) => w.label === 'E2E cold');
    expect(wallet?.address).toMatch(/^0x[0-9a-fA-F]{40}$/);
    await page.goto(`${env.server.baseUrl}/aggregate`);
    await expect.poll(() => page.locator('table').textContent()).toContain('E2E cold');
    await page.close();
  });

  test('superAdmin creates a currency on the selected chain and finds it listed; one toast says what was saved', async () => {
    const page = await signedInPage(env, 'superAdmin', '/currency/create');
    // A submit without symbol and name fails first: its error toast must not outlive the success.
    await page.locator('form').getByLabel('Contract address').fill('0x6B175474E89094C44Da98b954EedeAC495271d0F');
    await page.getByRole('button', { name: 'Save' }).click();
    const invalid = page.getByRole('alert').filter({ hasText: 'The form is not valid' });
    await invalid.waitFor();
    await pickTyped(page, 'Symbol', 'DAI');
    // Picking a known symbol fills its name and decimals.
    await expect.poll(() => page.locator('form').getByLabel('Name').inputValue()).toBe('Dai Stablecoin');
    expect(await page.locator('form').getByLabel('Decimals').inputValue()).toBe('18');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL((url) => !url.pathname.endsWith('/create'));
    await page.getByRole('alert').filter({ hasText: 'Currency “DAI” created' }).waitFor();
    await invalid.waitFor({ state: 'detached' });
    await page.goto(`${env.server.baseUrl}/currency`);
    await expect.poll(() => page.locator('table').textContent()).toContain('Dai Stablecoin');
    await page.close();
  });

  test('superAdmin saves the contract addresses of a new network through the console: the first save and a change', async () => {
    const page = await signedInPage(env, 'superAdmin');
    const created = await postWithPageSession(
      page,
      env.server.baseUrl,
      ApiPath.chain.save,
      evmNetwork(137, 'Polygon', 'POL', 12, 'polygon.example', 'polygonscan.example'),
    ).then((r) => r.json());
    expect(created.code).toBe(200);

    const hot = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';
    const cold = '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359';
    // Nothing saved for Polygon yet: this save creates its row (the URL holds the chain ID as text, "137").
    await page.goto(`${env.server.baseUrl}/contract-address/137`);
    await page.locator('form').getByLabel('Hot wallet', { exact: true }).fill(hot);
    await saveAndWait(page, /\/contract-address$/);
    await page.getByRole('alert').filter({ hasText: 'Contract addresses “Polygon” saved' }).waitFor();
    // Tables show addresses shortened (`0x5aAe…eAed`), the whole value in a tooltip.
    await expect.poll(() => page.getByRole('row').filter({ hasText: 'Polygon' }).textContent()).toContain(shortenChainValue(hot));

    await page.goto(`${env.server.baseUrl}/contract-address/137`);
    await expect.poll(() => page.locator('form').getByLabel('Hot wallet', { exact: true }).inputValue()).toBe(hot);
    await page.locator('form').getByLabel('Cold wallet', { exact: true }).fill(cold);
    await saveAndWait(page, /\/contract-address$/);
    const row = page.getByRole('row').filter({ hasText: 'Polygon' });
    await expect.poll(() => row.textContent()).toContain(shortenChainValue(cold));
    expect(await row.textContent()).toContain(shortenChainValue(hot));
    await page.close();
  });

  test('a merchant sees wallets and networks read-only: no create buttons, and the API refuses writes', async () => {
    const page = await signedInPage(env, 'merchantStdEmployee');
    for (const path of ['/aggregate', '/network', '/currency']) {
      await page.goto(`${env.server.baseUrl}${path}`);
      await page.locator('table').waitFor();
      expect(await page.getByRole('link', { name: 'Create' }).count()).toBe(0);
    }
    const refused = await postWithPageSession(
      page,
      env.server.baseUrl,
      ApiPath.chain.save,
      evmNetwork(10, 'Optimism', 'ETH', 1, 'op.example'),
    ).then((r) => r.json());
    expect(refused.code).toBe(403);
    await page.close();
  });

  test("an agent manager edits the agency's own wallet but opens a merchant's read-only, also by its edit URL, and stays signed in", async () => {
    const page = await signedInPage(env, 'agentManager', '/aggregate');
    await page.getByRole('cell', { name: 'North hot' }).click();
    await page.waitForURL(/\/aggregate\/\d+$/);
    await page.getByRole('button', { name: 'Save' }).waitFor();
    await page.goto(`${env.server.baseUrl}/aggregate`);
    await page.getByRole('cell', { name: 'Aurora deposits' }).click();
    await page.waitForURL(/\/aggregate\/\d+\/show$/);
    const showPath = new URL(page.url()).pathname;
    await page.getByText('Aurora deposits').first().waitFor();
    expect(await page.getByRole('button', { name: 'Save' }).count()).toBe(0);
    await page.goto(`${env.server.baseUrl}${showPath.replace(/\/show$/, '')}`);
    await page.waitForURL((url) => url.pathname === showPath);
    expect(await page.evaluate(() => localStorage.getItem('token'))).not.toBeNull();
    await page.close();
  });

  test('the members screen lists the selected org’s members with their role, and follows the org switcher', async () => {
    const page = await signedInPage(env, 'multiOrg');
    await page.getByRole('menuitem', { name: 'Members' }).click();
    await page.waitForURL(/\/member$/);
    const table = page.locator('table');
    await expect.poll(() => table.textContent()).toContain('multiOrg');
    const rowOf = (account: string) => page.getByRole('row').filter({ hasText: account });
    const switchTo = async (org: RegExp) => {
      await page.getByRole('combobox', { name: 'Organisation' }).click();
      await page.getByRole('option', { name: org }).click();
    };
    await switchTo(/Delta Exchange/);
    await expect.poll(() => rowOf('multiOrg').textContent()).toContain('Manager');
    expect(await table.textContent()).not.toContain('merchantStdManager');
    await switchTo(/Birch Goods/);
    await expect.poll(() => table.textContent()).toContain('merchantStdManager');
    expect(await rowOf('multiOrg').textContent()).toContain('Employee');
    await page.close();
  });

  test('a manager changes a member’s role and removes a member; a finance member only reads', async () => {
    const page = await signedInPage(env, 'merchantStdManager', '/member');
    const rowOf = (account: string) => page.getByRole('row').filter({ hasText: account });
    await rowOf('merchantStdEmployee').getByRole('cell', { name: 'merchantStdEmployee' }).click();
    await page.waitForURL(/\/member\/\d+$/);
    await page.locator('form').getByRole('combobox', { name: 'Role' }).click();
    // A standard merchant org has manager, finance and employee.
    expect(await page.getByRole('option').allTextContents()).toEqual(['Manager', 'Finance', 'Employee']);
    await page.getByRole('option', { name: 'Finance' }).click();
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL(/\/member$/);
    await expect.poll(() => rowOf('merchantStdEmployee').textContent()).toContain('Finance');

    await rowOf('multiOrg').getByRole('cell', { name: 'multiOrg' }).click();
    await page.waitForURL(/\/member\/\d+$/);
    await page.getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('button', { name: 'Confirm' }).click();
    await page.waitForURL(/\/member$/);
    await expect.poll(() => page.locator('table').textContent()).not.toContain('multiOrg');
    await page.close();

    const finance = await signedInPage(env, 'merchantStdFinance', '/member');
    await finance.getByRole('cell', { name: 'merchantStdManager' }).click();
    expect(new URL(finance.url()).pathname).toBe('/member');
    await finance.goto(`${env.server.baseUrl}/member/1`);
    await finance.waitForURL(/\/403$/);
    await finance.close();
  });
});

test.describe('member invitations, in the browser', () => {
  test('a manager invites a new employee; the link signs them up into the org with that role', async () => {
    const page = await signedInPage(env, 'merchantProManager', '/member');
    await page.getByRole('combobox', { name: 'Role of the new member' }).click();
    await page.getByRole('option', { name: 'Employee' }).click();
    await page.getByRole('button', { name: 'Invite a member' }).click();
    // The invitee is required, checked with the server's rule before anything is sent.
    await page.getByText('Required.').waitFor();
    await page.getByLabel('Account of the new member').fill('auroraNewcomer');
    await page.getByRole('button', { name: 'Invite a member' }).click();
    const link = await page.getByLabel('Sign-up link for the new member').inputValue();
    await expect.poll(() => page.getByRole('table', { name: 'Open invitations' }).textContent()).toContain('auroraNewcomer');
    await page.close();

    const newcomer = await env.browser.newPage();
    await newcomer.goto(link);
    expect(await newcomer.getByLabel('Account').inputValue()).toBe('auroraNewcomer');
    await submitSignUp(newcomer, { name: 'Nora Newcomer', password: 'Aurora-2026' });
    await newcomer.waitForURL(/\/home$/);
    await expect.poll(() => newcomer.getByRole('main').textContent()).toContain('Aurora Pay (Pro) — Pro merchant Employee');
    await newcomer.close();
  });

  test('an existing account redeems a member code on /account and switches to the new org', async () => {
    const manager = await signedInPage(env, 'merchantStdManager', '/member');
    await manager.getByRole('combobox', { name: 'Role of the new member' }).click();
    await manager.getByRole('option', { name: 'Finance' }).click();
    await manager.getByLabel('Account of the new member').fill('merchantLiteManager');
    await manager.getByRole('button', { name: 'Invite a member' }).click();
    const link = await manager.getByLabel('Sign-up link for the new member').inputValue();
    const code = decodeURIComponent(new URL(link).searchParams.get('code')!);
    await manager.close();

    const page = await signedInPage(env, 'merchantLiteManager', '/account');
    await page.getByRole('textbox', { name: 'Invitation code' }).fill(code);
    await page.getByRole('button', { name: 'Join', exact: true }).click();
    await expect
      .poll(() => page.getByRole('alert').allTextContents())
      .toContainEqual(expect.stringContaining('You joined Birch Goods (Standard)'));
    // The toast sits over the app bar (top-center) and waits while the pointer is on it: a click closes it.
    await page.getByRole('alert').filter({ hasText: 'You joined' }).click();
    // The app bar hides while the page is scrolled down to the card.
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.getByRole('combobox', { name: 'Organisation' }).click();
    await page.getByRole('option', { name: /Birch Goods/ }).click();
    await expect.poll(() => page.locator('header').textContent()).toContain('Birch Goods (Standard)');
    await page.close();
  });
});

// Last in the file: it leaves the standard merchant org with other managers than the seed.
test.describe('a manager who changes their own role', () => {
  test('loses the manager actions at once and stays signed in', async () => {
    const page = await signedInPage(env, 'merchantStdManager', '/member');
    const rowOf = (account: string) => page.getByRole('row').filter({ hasText: account });
    const setRole = async (account: string, role: string) => {
      await rowOf(account).getByRole('cell', { name: account }).click();
      await page.waitForURL(/\/member\/\d+$/);
      // The record and the session's refresh after the last save arrive first: a re-render while
      // the role's menu is open would close it under the pointer.
      await page.waitForLoadState('networkidle');
      await page.locator('form').getByRole('combobox', { name: 'Role' }).click();
      await page.getByRole('option', { name: role }).click();
      await page.getByRole('button', { name: 'Save' }).click();
      await page.waitForURL(/\/member$/);
      await expect.poll(() => rowOf(account).textContent()).toContain(role);
    };
    const invite = page.getByRole('combobox', { name: 'Role of the new member' });
    // The org must keep a manager: another member takes the role first.
    await setRole('merchantStdFinance', 'Manager');
    await invite.waitFor();
    await setRole('merchantStdManager', 'Employee');
    // Without a reload: the manager-only invitation form goes, and rows no longer open the edit form.
    await invite.waitFor({ state: 'detached' });
    await rowOf('merchantStdFinance').getByRole('cell', { name: 'merchantStdFinance' }).click();
    expect(new URL(page.url()).pathname).toBe('/member');
    await page.reload();
    await expect.poll(() => rowOf('merchantStdManager').textContent()).toContain('Employee');
    expect(new URL(page.url()).pathname).toBe('/member');
    await page.close();
  });
});
