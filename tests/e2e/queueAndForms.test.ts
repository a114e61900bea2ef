import { expect, test } from './test';
import type { Page } from 'playwright-core';
import { axeViolations } from './axe';
import { apiAs, e2eEnvironment, signedInPage } from './harness';
import { ApiPath } from '../../src/contract/apiPaths';

/**
 * Issue 33 item 12 (docs/DECISIONS.md "The multisig queue follows the chain selector", "Balance and
 * fee on the movement forms", "Only the /500 content on a server fault"): the queue shows the app
 * bar's chain and names each row's; a movement form shows the spendable balance and the fee before
 * saving and warns of an amount over them; a record page's server fault shows no second toast.
 */
const env = e2eEnvironment();

const DESKTOP = { width: 1440, height: 900 };
const PHONE = { width: 390, height: 844 };

/** Picks the app bar's chain: its select on a desktop, inside the "Chain and organisation" panel on a phone. */
async function pickChain(page: Page, name: string) {
  const phone = (page.viewportSize()?.width ?? 0) < 600;
  if (phone) await page.getByRole('button', { name: 'Chain and organisation' }).click();
  const scope = phone ? page.getByRole('dialog', { name: 'Chain and organisation' }) : page;
  await scope.getByRole('combobox', { name: 'Chain' }).click();
  await page.getByRole('option', { name }).click();
}

/** The chain every row of the queue names. */
const rowChains = (page: Page) => page.getByTestId('row-chain').allTextContents();

test.describe('the multisig queue follows the app bar’s chain', () => {
  for (const [width, viewport] of [
    ['1440', DESKTOP],
    ['390', PHONE],
  ] as const) {
    test(`on Ethereum only Ethereum proposals, on TRON only TRON ones, each row naming its chain (${width} px)`, async () => {
      // An open proposal on Ethereum (the demo's open queue is on TRON).
      const call = await apiAs(env.server.baseUrl, 'merchantProManager');
      const wallets = await call(`${ApiPath.chainWallet.list}?pageSize=100`);
      const cold = (wallets.data.list as Array<{ id: number; label: string }>).find((w) => w.label === 'Aurora cold')!;
      const saved = await call(ApiPath.movement.save, {
        kind: 'withdraw',
        walletId: cold.id,
        to: '0x3333333333333333333333333333333333333333',
        symbol: 'ETH',
        amount: '0.1',
        memo: `queue ${width}`,
      });
      expect(saved.code).toBe(200);
      const proposalId = saved.data.proposalId as number;

      const page = await signedInPage(env, 'merchantProFinance', '/multisig', { viewport });
      await expect.poll(() => page.getByTestId('list-chain').textContent()).toBe('Chain: Ethereum');
      await page.getByTestId(`proposal-${proposalId}`).waitFor();
      expect(await page.getByTestId(`proposal-${proposalId}`).getByTestId('row-chain').textContent()).toBe('Ethereum');
      expect(new Set(await rowChains(page))).toEqual(new Set(['Ethereum']));
      expect(await page.locator('main').textContent()).not.toContain('Aurora TRON hot');
      expect(await axeViolations(page, `/multisig on Ethereum (${width})`)).toEqual([]);

      // The history too: the demo's closed proposals on Ethereum, each naming its chain.
      await page.getByRole('tab', { name: 'History' }).click();
      await expect.poll(async () => (await rowChains(page)).length).toBeGreaterThan(0);
      expect(new Set(await rowChains(page))).toEqual(new Set(['Ethereum']));
      expect(await axeViolations(page, `/multisig history on Ethereum (${width})`)).toEqual([]);
      await page.screenshot({ path: `/tmp/multisig-history-${width}.png`, fullPage: true });
      await page.getByRole('tab', { name: 'Queue' }).click();

      await pickChain(page, 'TRON');
      await expect.poll(() => page.getByTestId('list-chain').textContent()).toBe('Chain: TRON');
      await expect.poll(() => page.locator('main').textContent()).toContain('Aurora TRON hot · #1 must be executed first');
      await page.getByTestId(`proposal-${proposalId}`).waitFor({ state: 'detached' });
      expect(new Set(await rowChains(page))).toEqual(new Set(['TRON']));
      await page.screenshot({ path: `/tmp/multisig-queue-${width}.png`, fullPage: true });

      await page.close();
    });
  }
});

test.describe('movement forms show the balance and the fee before saving', () => {
  for (const [width, viewport] of [
    ['1440', DESKTOP],
    ['390', PHONE],
  ] as const) {
    test(`a withdrawal (${width} px): spendable balance, fee and minimum, network fee; an amount over them is warned`, async () => {
      const page = await signedInPage(env, 'merchantStdFinance', '/withdraw/create', { viewport });
      const form = page.locator('form');
      await form.getByRole('combobox', { name: 'From wallet' }).click();
      await page.getByRole('option', { name: 'Birch deposits (Hot wallet)' }).click();
      await form.getByRole('combobox', { name: 'Currency' }).click();
      await page.getByRole('option', { name: 'USDC' }).click();
      const quote = page.getByTestId('movement-quote');
      await expect.poll(() => quote.textContent()).toMatch(/Available to spend: [\d.]+ USDC/);
      const text = (await quote.textContent()) ?? '';
      expect(text).toContain('Fee: 2 USDC, charged on top of the amount (minimum withdrawal 10 USDC)');
      expect(text).toMatch(/Network fee: about 0\.00065 ETH, paid by the wallet/);
      const available = /Available to spend: ([\d.]+) USDC/.exec(text)![1];

      // The whole balance: with the fee on top it is more than the wallet holds.
      await form.getByLabel('Amount').fill(available);
      const warning = page.getByTestId('movement-quote-warning');
      await expect.poll(() => warning.textContent()).toContain(`is more than the ${available} USDC available`);
      expect(await axeViolations(page, `/withdraw/create (${width})`)).toEqual([]);
      await page.screenshot({ path: `/tmp/withdraw-quote-${width}.png`, fullPage: true });
      // Within it: no warning.
      await form.getByLabel('Amount').fill('10');
      await warning.waitFor({ state: 'detached' });
      // Below the minimum: said before saving too.
      await form.getByLabel('Amount').fill('5');
      await expect.poll(() => warning.textContent()).toContain('Below the minimum withdrawal of 10 USDC');
      await page.close();
    });
  }

  test('a transfer says no fee is charged; in Chinese too', async () => {
    const page = await signedInPage(env, 'merchantStdFinance', '/transfer/create', { viewport: DESKTOP });
    const form = page.locator('form');
    await form.getByRole('combobox', { name: 'From wallet' }).click();
    await page.getByRole('option', { name: 'Birch deposits (Hot wallet)' }).click();
    await form.getByRole('combobox', { name: 'Currency' }).click();
    await page.getByRole('option', { name: 'USDC' }).click();
    await expect.poll(() => page.getByTestId('movement-quote').textContent()).toContain('No fee is charged on top of the amount.');
    await page.goto(`${env.server.baseUrl}/transfer/create?lng=zh-CN`);
    await form.getByRole('combobox', { name: '转出钱包' }).click();
    await page.getByRole('option', { name: /Birch deposits/ }).click();
    await form.getByRole('combobox', { name: '币种' }).click();
    await page.getByRole('option', { name: 'USDC' }).click();
    await expect.poll(() => page.getByTestId('movement-quote').textContent()).toContain('金额之外不收取手续费。');
    await page.close();
  });

  test('starting a money proposal shows them too', async () => {
    const page = await signedInPage(env, 'merchantProManager', '/multisig/create', { viewport: DESKTOP });
    const form = page.locator('form');
    await form.getByRole('combobox', { name: 'Wallet' }).click();
    await page.getByRole('option', { name: /Aurora cold/ }).click();
    await form.getByRole('combobox', { name: 'Kind' }).click();
    await page.getByRole('option', { name: 'Withdrawal' }).click();
    await form.getByRole('combobox', { name: 'Currency' }).click();
    await page.getByRole('option', { name: /^ETH/ }).click();
    await expect.poll(() => page.getByTestId('movement-quote').textContent()).toContain('Fee: 0.002 ETH');
    await form.getByLabel('Amount').fill('99999999');
    await expect.poll(() => page.getByTestId('movement-quote-warning').first().textContent()).toContain('is more than the');
    await page.close();
  });
});

test.describe('a server fault on a record page', () => {
  test('shows the /500 content and the HTTP client’s toast only, not react-admin’s “Element does not exist”', async () => {
    const page = await signedInPage(env, 'superAdmin', { viewport: DESKTOP });
    await page.route(/\/api\/sys\/currency\/detail/, (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: '{"code":500,"msg":"boom","data":null}' }),
    );
    await page.goto(`${env.server.baseUrl}/currency/1`);
    await page.getByRole('heading', { name: 'Server error' }).waitFor();
    // The HTTP client's toast says what failed; react-admin's would have come with it.
    await expect.poll(() => page.getByRole('alert').count()).toBeGreaterThan(0);
    expect((await page.getByRole('alert').allTextContents()).join(' ')).not.toContain('Element does not exist');
    expect(new URL(page.url()).pathname).toBe('/currency/1');
    await page.close();
  });
});
