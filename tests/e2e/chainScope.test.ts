import { expect, test } from './test';
import type { Page } from 'playwright-core';
import { getAddress, keccak256, toHex } from 'viem';
import { shortenChainValue } from '../../src/resources/engine/explorer';
import { axeViolations } from './axe';
import { ApiPath } from '../../src/contract/apiPaths';
import { apiAs, e2eEnvironment, saveAndWait, signedInPage } from './harness';

/**
 * Issue 33 items 2 and 4 (docs/DECISIONS.md "Saved on another chain", "Explorer links on the
 * devnet"): a record saved on another chain than the app bar's is on the list one lands on, each
 * chain-scoped list names its chain, and a devnet's hash or address opens the console's own view.
 */
const env = e2eEnvironment();

const DESKTOP = { width: 1440, height: 900 };
const PHONE = { width: 390, height: 844 };

const select = async (page: Page, label: string, option: RegExp) => {
  await page.locator('form').getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option }).click();
};

/** An address nobody holds: the checksummed form of a fresh hash's last 20 bytes. */
const freshAddress = (seed: string) => getAddress(`0x${keccak256(toHex(`scope-${seed}-${Date.now()}`)).slice(-40)}`);

/** Hovered buttons' tooltips live outside the page's landmarks: move away and let them close before axe looks. */
const settle = async (page: Page) => {
  await page.mouse.move(0, 0);
  await page.getByRole('tooltip').waitFor({ state: 'detached' });
};

/** The chip above a chain-scoped list. */
const listChain = (page: Page) => page.getByTestId('list-chain');

test.describe('a record saved on another chain than the app bar’s', () => {
  for (const [width, viewport] of [
    ['1440', DESKTOP],
    ['390', PHONE],
  ] as const) {
    test(`a currency (${width} px): the console switches to its chain, says so, and lists it`, async () => {
      const page = await signedInPage(env, 'superAdmin', '/currency', { viewport });
      await expect.poll(() => listChain(page).textContent()).toBe('Chain: Ethereum');
      expect(await axeViolations(page, '/currency')).toEqual([]);

      await page.goto(`${env.server.baseUrl}/currency/create`);
      await select(page, 'Chain', /^BNB Smart Chain$/);
      const symbol = `X${viewport.width}`;
      const input = page.locator('form').getByRole('combobox', { name: 'Symbol' });
      await input.fill(symbol);
      await input.press('Escape');
      await page.locator('form').getByLabel('Name').fill(`Scope test ${viewport.width}`);
      // BNB Smart Chain has its native coin: a new currency there is a token.
      await page.locator('form').getByLabel('Contract address').fill(freshAddress(symbol));
      await saveAndWait(page, /\/currency$/);
      await page
        .getByRole('alert')
        .filter({ hasText: `Currency “${symbol}” created on BNB Smart Chain; the console now shows BNB Smart Chain` })
        .waitFor();
      await expect.poll(() => listChain(page).textContent()).toBe('Chain: BNB Smart Chain');
      await expect.poll(() => page.locator('main').textContent()).toContain(`Scope test ${viewport.width}`);
      // The next page remembers it too: the app bar's chain is the record's now.
      await page.goto(`${env.server.baseUrl}/aggregate`);
      // Even a list with no rows on that chain names it.
      await expect.poll(() => listChain(page).textContent()).toBe('Chain: BNB Smart Chain');
      expect(await axeViolations(page, '/aggregate')).toEqual([]);
      await page.close();
    });
  }

  // Each page is a browser context of its own: it starts on the default chain, Ethereum.
  test('a wallet (390 px): saved on BNB Smart Chain from Ethereum, found on the list one lands on', async () => {
    const page = await signedInPage(env, 'superAdmin', '/aggregate', { viewport: PHONE });
    await expect.poll(() => listChain(page).textContent()).toBe('Chain: Ethereum');
    const targetName = 'BNB Smart Chain';
    await page.goto(`${env.server.baseUrl}/aggregate/create`);
    await select(page, 'Chain', /^BNB Smart Chain$/);
    await select(page, 'Organisation', /^Aurora Pay \(Pro\)$/);
    await select(page, 'Kind', /^Hot wallet$/);
    await page.locator('form').getByLabel('Label').fill('Scope test hot');
    const address = freshAddress('hot');
    await page.locator('form').getByLabel('Address').fill(address);
    await saveAndWait(page, /\/aggregate$/);
    await page
      .getByRole('alert')
      .filter({ hasText: `created on ${targetName}; the console now shows ${targetName}` })
      .waitFor();
    await expect.poll(() => listChain(page).textContent()).toBe(`Chain: ${targetName}`);
    // The phone's list names a wallet by org, kind and address.
    await expect.poll(() => page.locator('main').textContent()).toContain(shortenChainValue(address));
    await page.close();
  });
});

test.describe('explorer links on the devnet', () => {
  /** From a list of Ethereum (a devnet here), the first "show in the console" link: no public explorer is linked. */
  const followFirst = async (page: Page, path: string) => {
    await page.goto(`${env.server.baseUrl}${path}`);
    await expect.poll(() => listChain(page).textContent()).toBe('Chain: Ethereum');
    const link = page.getByTestId('open-in-console').first();
    await link.waitFor();
    expect(await page.locator('a[href*="etherscan"]').count()).toBe(0);
    await link.click();
    await page.waitForURL(new RegExp(`${path}\\?.*filter=`));
    await settle(page);
    return JSON.parse(new URL(page.url()).searchParams.get('filter') ?? '{}') as Record<string, string>;
  };

  test('a ledger entry’s transaction hash opens the ledger’s entries of it (1440 px)', async () => {
    const page = await signedInPage(env, 'superAdmin', { viewport: DESKTOP });
    const { txHash } = await followFirst(page, '/asset-flow');
    expect(txHash).toMatch(/^0x[0-9a-f]{64}$/i);
    await expect.poll(() => page.locator('main').textContent()).toContain(shortenChainValue(txHash));
    expect(await axeViolations(page, '/asset-flow filtered by hash')).toEqual([]);
    await page.close();
  });

  test('a wallet address opens the wallets filtered by it (1440 px)', async () => {
    const page = await signedInPage(env, 'superAdmin', { viewport: DESKTOP });
    const { address } = await followFirst(page, '/aggregate');
    expect(address).toMatch(/^0x[0-9a-fA-F]{40}$/);
    await expect.poll(() => page.locator('main').textContent()).toContain(shortenChainValue(address));
    expect(await axeViolations(page, '/aggregate filtered by address')).toEqual([]);
    await page.close();
  });

  test('on a phone, a wallet’s page links its address to the console too; its list rows hold no buttons (390 px)', async () => {
    const page = await signedInPage(env, 'superAdmin', '/aggregate', { viewport: PHONE });
    await expect.poll(() => listChain(page).textContent()).toBe('Chain: Ethereum');
    await page.locator('main li').first().waitFor();
    expect(await page.getByTestId('open-in-console').count()).toBe(0);
    expect(await axeViolations(page, '/aggregate on a phone')).toEqual([]);
    const call = await apiAs(env.server.baseUrl, 'superAdmin');
    const wallets = (await call(`${ApiPath.chainWallet.list}?chainId=1&kind=Hot&pageSize=1`)).data.list as Array<{
      id: number;
      address: string;
    }>;
    await page.goto(`${env.server.baseUrl}/aggregate/${wallets[0].id}/show`);
    await page.getByTestId('open-in-console').first().click();
    await page.waitForURL(/\/aggregate\?.*filter=/);
    await settle(page);
    expect(JSON.parse(new URL(page.url()).searchParams.get('filter') ?? '{}')).toEqual({ address: wallets[0].address });
    await expect.poll(() => page.locator('main').textContent()).toContain(shortenChainValue(wallets[0].address));
    expect(await axeViolations(page, '/aggregate filtered by address on a phone')).toEqual([]);
    await page.close();
  });
});
