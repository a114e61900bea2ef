import { expect, test } from './test';
import { apiAs, e2eEnvironment, saveAndWait, signIn } from './harness';
import { RECIPIENT } from './proposalSteps';
import { approveWithDemoKey, holdDemoKey, signInDialog } from './signingKeys';
import { axeViolations } from './axe';
import { ApiPath } from '../../src/contract/apiPaths';

const env = e2eEnvironment();

/** Cedar cold's ETH balance, as its manager reads it. */
async function cedarColdEth(): Promise<number> {
  const call = await apiAs(env.server.baseUrl, 'merchantLiteManager');
  const wallets = (await call(`${ApiPath.chainWallet.list}?pageSize=100`)).data.list as Array<{
    label: string;
    balances: Array<{ symbol: string; amount: string }>;
  }>;
  return Number(wallets.find((w) => w.label === 'Cedar cold')!.balances.find((b) => b.symbol === 'ETH')!.amount);
}

/**
 * The lite tier has no /multisig: its manager starts money out of the lite cold wallet (a 2-of-2
 * Safe of Lena and Liam) on /withdraw, and its signers sign on their own pages — the "waiting for
 * my signature" card of /merchant-lite-wallet and the proposal page under it (docs/DECISIONS.md
 * "Lite signers and the lite cold wallet").
 */
test.describe('lite signers', () => {
  test('the lite manager withdraws out of Cedar cold, approves from the waiting card, and executes it once the other signer approved', async () => {
    const base = env.server.baseUrl;
    const before = await cedarColdEth();
    const page = await env.browser.newPage();
    await holdDemoKey(page, 'merchantLiteManager');
    await signIn(page, base, 'merchantLiteManager');

    await page.goto(`${base}/withdraw/create`);
    const form = page.locator('form');
    await form.getByRole('combobox', { name: 'From wallet' }).click();
    await page.getByRole('option', { name: /^Cedar cold/ }).click();
    await form.getByLabel('To address').fill(RECIPIENT);
    await form.getByRole('combobox', { name: 'Currency' }).click();
    await page.getByRole('option', { name: /^ETH/ }).click();
    await form.getByLabel('Amount').fill('0.25');
    await saveAndWait(page, /\/withdraw$/);

    // Home counts it, and leads to the lite wallets' page, where the card names it.
    await page.goto(`${base}/home`);
    await expect.poll(() => page.getByTestId('home-waiting').textContent()).toBe('1');
    await page.getByTestId('home-waiting').click();
    await page.waitForURL(/\/merchant-lite-wallet$/);
    const waiting = page.getByTestId('lite-waiting-list');
    await expect.poll(() => waiting.textContent()).toMatch(/Cedar cold · #\d+/);
    expect(await waiting.textContent()).toContain('0.25 ETH');
    await expect.poll(() => page.locator('table').textContent()).toContain('Cedar cold');
    expect(await axeViolations(page, '/merchant-lite-wallet')).toEqual([]);

    // Liam, the other signer, on a phone in Chinese and the dark theme: the same card and page.
    const liam = await env.browser.newPage({ viewport: { width: 390, height: 844 }, colorScheme: 'dark', locale: 'zh-CN' });
    await signIn(liam, base, 'merchantLiteEmployee');
    await liam.goto(`${base}/merchant-lite-wallet`);
    const his = liam.getByTestId('lite-waiting-list');
    await expect.poll(() => his.textContent()).toMatch(/^等待我签名.*Cedar cold · #\d+/);
    expect(await axeViolations(liam, 'zh-CN, dark, 390 px: /merchant-lite-wallet')).toEqual([]);
    await his.getByText(/Cedar cold · #\d+/).click();
    await liam.waitForURL(/\/merchant-lite-wallet\/proposal\/\d+$/);
    await expect.poll(() => liam.getByTestId('timeline').count()).toBe(1);
    expect(await axeViolations(liam, 'zh-CN, dark, 390 px: /merchant-lite-wallet/proposal')).toEqual([]);
    await liam.close();

    await waiting.getByText(/Cedar cold · #\d+/).click();
    await page.waitForURL(/\/merchant-lite-wallet\/proposal\/\d+$/);
    const proposalId = Number(page.url().match(/proposal\/(\d+)$/)![1]);
    await expect.poll(() => page.getByTestId('timeline').textContent()).toContain('0 of 2 approvals');
    expect(await axeViolations(page, '/merchant-lite-wallet/proposal')).toEqual([]);
    await page.getByRole('button', { name: 'Approve' }).click();
    await signInDialog(page);
    await expect.poll(() => page.getByTestId('timeline').textContent()).toContain('1 of 2 approvals');
    expect(await page.getByRole('button', { name: 'Approve' }).count()).toBe(0);

    // Liam, the other signer, approves as his browser does; the card then offers it to execute.
    expect((await approveWithDemoKey(base, 'merchantLiteEmployee', proposalId)).code).toBe(200);
    await page.getByRole('link', { name: 'Back to wallets' }).click();
    await page.waitForURL(/\/merchant-lite-wallet$/);
    await expect.poll(() => page.getByTestId('lite-waiting-list').textContent()).toContain('Nothing waits for your signature.');
    await page
      .getByTestId('lite-approved-list')
      .getByText(/Cedar cold · #\d+/)
      .click();
    await page.waitForURL(new RegExp(`/merchant-lite-wallet/proposal/${proposalId}$`));
    await page.getByRole('button', { name: 'Confirm' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Execute' }).click();
    await page.getByTestId('tx-view').waitFor();
    await expect.poll(() => page.getByTestId('executed-by').textContent()).toContain('(merchantLiteManager)');
    // The amount and the withdraw fee left the Safe; the relayer paid the gas.
    expect(await cedarColdEth()).toBeCloseTo(before - 0.25 - 0.002, 10);

    // The queue itself stays closed to the lite row.
    await page.goto(`${base}/multisig/${proposalId}/show`);
    await page.waitForURL(/\/403$/);
    await page.close();
  });
});
