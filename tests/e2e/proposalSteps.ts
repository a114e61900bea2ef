import type { Page } from 'playwright-core';

/** The recipient the multisig e2e tests pay: a valid EIP-55 address outside our wallets. */
export const RECIPIENT = '0x52908400098527886E0F7030069857D2E4169EE7';

/** Opens a select by its label and picks the option matching `option`. */
export async function selectOption(page: Page, label: string, option: RegExp): Promise<void> {
  await page.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option }).click();
}

/**
 * Starts an ETH transfer to RECIPIENT from Aurora cold through /multisig's start form, as the
 * signed-in user would, and waits for the new proposal's page; answers its URL.
 */
export async function startAuroraColdTransfer(
  page: Page,
  baseUrl: string,
  { amount, memo }: { amount: string; memo?: string },
): Promise<string> {
  await page.goto(`${baseUrl}/multisig`);
  await page.getByRole('link', { name: 'Start proposal' }).click();
  await selectOption(page, 'Wallet', /Aurora cold/);
  await selectOption(page, 'Kind', /^Transfer$/);
  await page.getByLabel('Recipient').fill(RECIPIENT);
  await page.getByLabel('Amount').fill(amount);
  await selectOption(page, 'Currency', /^ETH/);
  if (memo !== undefined) await page.getByLabel('Memo').fill(memo);
  await page.getByRole('button', { name: 'Save' }).click();
  await page.waitForURL(/\/multisig\/\d+\/show$/);
  return page.url();
}
