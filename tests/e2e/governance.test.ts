import { expect, test } from './test';
import type { Page } from 'playwright-core';
import { e2eEnvironment, signIn } from './harness';
import { startAuroraColdTransfer } from './proposalSteps';
import { DEMO_PASSPHRASE, holdDemoKey } from './signingKeys';

const env = e2eEnvironment();

/** Presses an action on the proposal page and confirms it in the dialog that repeats what it does. */
const actAndConfirm = async (page: Page, action: string, dialogButton: string, expected: string[]) => {
  await page.getByRole('button', { name: action, exact: true }).click();
  const dialog = page.getByRole('dialog');
  await dialog.waitFor();
  for (const text of expected) await expect.poll(() => dialog.textContent()).toContain(text);
  // Approving on a Safe signs with the key this browser holds (holdDemoKey), opened by its passphrase.
  if (action === 'Approve') await dialog.getByLabel('Passphrase').fill(DEMO_PASSPHRASE);
  await dialog.getByRole('button', { name: dialogButton, exact: true }).click();
  await dialog.waitFor({ state: 'detached' });
};

const proposalIdOf = (url: string) => Number(/\/multisig\/(\d+)\/show/.exec(url)![1]);

test.describe('a multisig wallet’s signers change only through a proposal its signers approve', () => {
  let governanceUrl = '';
  let transferUrl = '';

  test('merchantProManager proposes dropping merchantProEmployee from Aurora cold (2 of 3 → 2 of 2)', async () => {
    const page = await env.browser.newPage();
    await holdDemoKey(page, 'merchantProManager');
    await signIn(page, env.server.baseUrl, 'merchantProManager');
    await page.goto(`${env.server.baseUrl}/aggregate`);
    await page.getByRole('cell', { name: 'Aurora cold' }).click();
    // The manager may write the wallet: its form, where signers and threshold are no longer editable.
    await page.waitForURL(/\/aggregate\/\d+$/);
    await page.getByRole('button', { name: 'Save' }).waitFor();
    expect(await page.locator('form').getByRole('combobox', { name: 'Signers' }).isEditable()).toBe(false);
    expect(await page.locator('form').getByLabel('Threshold').isEditable()).toBe(false);

    await page.getByRole('button', { name: 'Change signers' }).click();
    const dialog = page.getByRole('dialog');
    await expect.poll(() => dialog.getByTestId('current-signers').textContent()).toBe('Now: 2 of 3 — Paula Pro, Felix Finance, Pete Pro');
    // The chip's delete icon (production builds carry no test ids on icons).
    await dialog
      .getByRole('button', { name: /Pete Pro/ })
      .locator('.MuiChip-deleteIcon')
      .click();
    await dialog.getByLabel('Memo').fill('Pete leaves the signers');
    await dialog.getByRole('button', { name: 'Propose the change' }).click();
    await page.waitForURL(/\/multisig\/\d+\/show$/);
    governanceUrl = page.url();
    await expect.poll(() => page.getByTestId('governance-to').textContent()).toContain('2 of 2');
    expect(await page.getByTestId('governance-from').textContent()).toContain('Pete Pro (merchantProEmployee) — removed');
    expect(await page.getByTestId('frozen-signers').textContent()).toContain('(2 of 3)');
    // On a Safe, proposing is not approving: the proposer signs the Safe transaction next.
    await expect.poll(() => page.getByTestId('timeline').textContent()).toContain('0 of 2 approvals');
    await actAndConfirm(page, 'Approve', 'Approve', ['Signer change → 2 of 2']);
    await expect.poll(() => page.getByTestId('timeline').textContent()).toContain('1 of 2 approvals');
    await page.close();
  });

  test('merchantProManager then starts a transfer from the same wallet: the next nonce, still decided by the old set', async () => {
    const page = await env.browser.newPage();
    await signIn(page, env.server.baseUrl, 'merchantProManager');
    transferUrl = await startAuroraColdTransfer(page, env.server.baseUrl, { amount: '0.25' });
    await expect.poll(() => page.getByTestId('frozen-signers').textContent()).toContain('(2 of 3)');
    expect(await page.getByTestId('signer-merchantProEmployee').count()).toBe(1);
    await page.close();
  });

  test('merchantProFinance approves and executes the signer change through the dialog; the wallet has 2 signers and the transfer is superseded', async () => {
    const page = await env.browser.newPage();
    await holdDemoKey(page, 'merchantProFinance');
    await signIn(page, env.server.baseUrl, 'merchantProFinance');
    await page.goto(governanceUrl);
    await actAndConfirm(page, 'Approve', 'Approve', ['Signer change → 2 of 2', 'Pete Pro (merchantProEmployee) — removed']);
    await expect.poll(() => page.getByTestId('timeline').textContent()).toContain('2 of 2 approvals');
    await actAndConfirm(page, 'Confirm', 'Execute', ['Execute Aurora cold · #']);
    await expect.poll(() => page.getByTestId('timeline-closing').textContent()).toContain('Executed');

    await page.goto(`${env.server.baseUrl}/aggregate`);
    await page.getByRole('cell', { name: 'Aurora cold' }).click();
    // Finance reads the wallet (its show page); the signers are now two.
    await page.waitForURL(/\/aggregate\/\d+\/show$/);
    const signers = page.locator('.ra-field-signers');
    await expect.poll(() => signers.locator('.MuiChip-root').count()).toBe(2);
    expect(await signers.textContent()).not.toContain('Pete Pro');

    await page.goto(transferUrl);
    await expect.poll(() => page.getByTestId('timeline-closing').textContent()).toContain('Superseded');
    expect(await page.getByTestId('superseded-by').getAttribute('href')).toBe(`/multisig/${proposalIdOf(governanceUrl)}/show`);
    for (const name of ['Approve', 'Deny', 'Confirm']) expect(await page.getByRole('button', { name, exact: true }).count()).toBe(0);
    await page.close();
  });
});
