import type { Page } from 'playwright-core';
import { ApiPath } from '../../src/contract/apiPaths';
import { apiAs } from './harness';
import { expect } from './test';

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

/**
 * A withdrawal of `amount` ETH out of Aurora cold to RECIPIENT, saved through the API as its manager
 * would: the Safe's proposal waits for signatures. Answers its id and how the console names it
 * ("Aurora cold · #nonce").
 */
export async function withdrawFromAuroraCold(baseUrl: string, amount: string): Promise<{ proposalId: number; reference: string }> {
  const call = await apiAs(baseUrl, 'merchantProManager');
  const wallets = await call(`${ApiPath.chainWallet.list}?pageSize=100`);
  const cold = (wallets.data.list as Array<{ id: number; label: string }>).find((w) => w.label === 'Aurora cold')!;
  const saved = await call(ApiPath.movement.save, { kind: 'withdraw', walletId: cold.id, to: RECIPIENT, symbol: 'ETH', amount, memo: '' });
  expect(saved.code).toBe(200);
  const proposalId = saved.data.proposalId as number;
  const { nonce } = (await call(`${ApiPath.sign.detail}?proposalId=${proposalId}`)).data as { nonce: number };
  return { proposalId, reference: `Aurora cold · #${nonce}` };
}
