import fs from 'node:fs';
import { expect, test } from './test';
import type { Page } from 'playwright-core';
import { apiAs as apiAsUser, e2eEnvironment, signedInPage } from './harness';
import { withdrawFromAuroraCold } from './proposalSteps';
import { axeViolations } from './axe';
import { demoTronAddress } from '../../server/db/seed/wallets';
import { ApiPath } from '../../src/contract/apiPaths';

/**
 * /multisig's "Sign log" tab and the movement screens' waiting proposals (docs/console.md
 * "Sign log and waiting proposals"), as a signer meets them, at a desk and on a phone.
 */
const env = e2eEnvironment();
const apiAs = (account: string) => apiAsUser(env.server.baseUrl, account);
const SHOTS = process.env.E2E_SCREENSHOTS;

type Wallet = { id: number; label: string };
const walletId = async (account: string, label: string) => {
  const wallets = await (await apiAs(account))(`${ApiPath.chainWallet.list}?pageSize=100`);
  return (wallets.data.list as Wallet[]).find((w) => w.label === label)!.id;
};

async function shot(page: Page, name: string) {
  if (!SHOTS) return;
  fs.mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

/** Picks an option of one of the list's filter selects. */
async function pickFilter(page: Page, label: string, option: string | RegExp) {
  await page.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option }).click();
}

test.describe('the sign log', () => {
  let proposalId = 0;
  let reference = '';

  test('a signer sees their approval, in words, with the proposal named and linked; filters narrow it; the link opens the proposal', async () => {
    // merchantProFinance starts a transfer out of a multisig wallet that is no Safe (starting is their vote); merchantProEmployee approves it.
    const finance = await apiAs('merchantProFinance');
    const started = await finance(ApiPath.sign.start, {
      walletId: await walletId('merchantProFinance', 'Aurora TRON hot'),
      kind: 'transfer',
      to: demoTronAddress('sign log e2e'),
      amount: '1',
      symbol: 'TRX',
      memo: '',
    });
    expect(started.code).toBe(200);
    proposalId = started.data.proposalId as number;
    reference = `Aurora TRON hot · #${started.data.nonce as number}`;
    const employee = await apiAs('merchantProEmployee');
    expect((await employee(ApiPath.sign.approval, { proposalId, comment: 'checked the address' })).code).toBe(200);

    const page = await signedInPage(env, 'merchantProEmployee', '/multisig', { viewport: { width: 1440, height: 900 } });
    await page.getByRole('tab', { name: 'Sign log' }).click();
    const mine = page.locator('tr').filter({ hasText: reference }).filter({ hasText: 'checked the address' });
    await mine.waitFor();
    expect(await mine.getByTestId('sign-log-action').textContent()).toBe('Approved');
    expect(await mine.textContent()).toContain('(merchantProEmployee)');
    expect(await mine.textContent()).toContain('TRON');
    expect(await axeViolations(page, '/multisig sign log')).toEqual([]);
    await shot(page, 'sign-log-1440');

    // Approvals on this wallet's proposals: the row stays, every row is an approval of Aurora TRON hot.
    await pickFilter(page, 'Action', 'Approved');
    await pickFilter(page, 'Wallet', /^Aurora TRON hot/);
    await expect.poll(async () => (await page.getByTestId('sign-log-action').allTextContents()).every((t) => t === 'Approved')).toBe(true);
    await expect
      .poll(async () => (await page.getByTestId('sign-log-proposal').allTextContents()).every((p) => p.startsWith('Aurora TRON hot · #')))
      .toBe(true);
    await mine.waitFor();
    // Denials from tomorrow on: none, and the list says so in words.
    await pickFilter(page, 'Action', 'Denied');
    const tomorrow = new Date(Date.now() + 86_400_000);
    const day = `${tomorrow.getFullYear()}-${String(tomorrow.getMonth() + 1).padStart(2, '0')}-${String(tomorrow.getDate()).padStart(2, '0')}`;
    await page.getByLabel('From (day)').fill(day);
    await page.getByTestId('sign-log-empty').filter({ hasText: 'No signature action matches these filters.' }).waitFor();
    expect(await axeViolations(page, '/multisig sign log, filtered to nothing')).toEqual([]);

    // Back to approvals of any day, and follow the row to its proposal.
    await page.getByLabel('From (day)').fill('');
    await pickFilter(page, 'Action', 'Approved');
    await mine.getByTestId('sign-log-proposal').click();
    await page.waitForURL(new RegExp(`/multisig/${proposalId}/show$`));
    await expect.poll(() => page.locator('#react-admin-title').textContent()).toBe(reference);
    // Back lands on the log again, its filters kept.
    await page.goBack();
    await mine.waitFor();
    expect(await page.getByRole('tab', { name: 'Sign log' }).getAttribute('aria-selected')).toBe('true');
    await page.close();
  });

  test('on a phone the log is one entry per line, still linked; in Chinese it reads in Chinese', async () => {
    const page = await signedInPage(env, 'merchantProEmployee', '/multisig', { viewport: { width: 390, height: 844 }, locale: 'zh-CN' });
    await page.getByRole('tab', { name: '签名记录' }).click();
    const link = page.getByTestId('sign-log-proposal').filter({ hasText: reference }).first();
    await link.waitFor();
    await expect.poll(() => page.locator('main').textContent()).toContain('批准');
    // Nothing wider than the phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect(await axeViolations(page, '/multisig sign log (phone, zh-CN)')).toEqual([]);
    await shot(page, 'sign-log-390-zh');
    await link.click();
    await page.waitForURL(/\/multisig\/\d+\/show$/);
    await page.close();
  });

  test('the lite row has no sign log: the API refuses it, as the route table closes /multisig', async () => {
    const lite = await apiAs('merchantLiteManager');
    expect((await lite(ApiPath.sign.logList)).code).toBe(403);
    const page = await signedInPage(env, 'merchantLiteManager', '/multisig');
    await page.waitForURL(/\/403$/);
    await page.close();
  });
});

test.describe('waiting proposals on a movement screen', () => {
  test('a withdrawal out of a multisig wallet waits on /withdraw, linked to its proposal; another kind says none waits', async () => {
    const { proposalId, reference } = await withdrawFromAuroraCold(env.server.baseUrl, '0.25');

    for (const viewport of [
      { width: 1440, height: 900 },
      { width: 390, height: 844 },
    ]) {
      const page = await signedInPage(env, 'merchantProFinance', '/withdraw', { viewport });
      const panel = page.getByTestId('movement-waiting-proposals');
      await panel.getByRole('heading', { name: 'Waiting proposals' }).waitFor();
      const item = panel.getByRole('link', { name: new RegExp(reference.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')) });
      await item.waitFor();
      expect(await panel.textContent()).toContain('Ethereum');
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
      expect(await axeViolations(page, `/withdraw (${viewport.width} px)`)).toEqual([]);
      await shot(page, `withdraw-waiting-${viewport.width}`);
      await item.click();
      await page.waitForURL(new RegExp(`/multisig/${proposalId}/show$`));
      await page.close();
    }

    // The demo seed starts no refund out of a multisig wallet: /refund says, in words, that none waits.
    const page = await signedInPage(env, 'merchantProFinance', '/refund', { viewport: { width: 1440, height: 900 } });
    const panel = page.getByTestId('movement-waiting-proposals');
    await panel.getByText('No refund waits for signatures on Ethereum.').waitFor();
    expect(await panel.getByRole('link').count()).toBe(0);
    await page.close();
  });
});
