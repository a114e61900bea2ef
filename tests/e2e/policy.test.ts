import { expect, test } from './test';
import type { Page } from 'playwright-core';
import { apiAs as apiAsUser, e2eEnvironment, signedInPage } from './harness';
import { RECIPIENT, selectOption } from './proposalSteps';
import { approveWithDemoKey } from './signingKeys';
import { ApiPath } from '../../src/contract/apiPaths';

// No change delay for an org that never saved a policy: the manager's first rules are in force at once.
const env = e2eEnvironment({ POLICY_DELAY_HOURS: '0' });

const apiAs = (account: string) => apiAsUser(env.server.baseUrl, account);

/** Picks an option of a rule's select, found by its test id. */
async function pick(page: Page, testId: string, option: string | RegExp) {
  await page.getByTestId(testId).click();
  await page.getByRole('option', { name: option }).click();
}

test.describe('a manager’s rule decides a proposal, and the console says so', () => {
  let proposalUrl = '';

  test('merchantProManager adds "at least 1,000 USDT → 3 approvals" on /policy; it is in force and the test box names it', async () => {
    const page = await signedInPage(env, 'merchantProManager', '/policy');
    await expect.poll(() => page.getByText('No rules').count()).toBe(1);
    await page.getByRole('button', { name: 'Add a rule' }).click();
    await page.getByTestId('rule-0-name').fill('Large');
    await pick(page, 'rule-0-chainId', 'Ethereum');
    await page.getByTestId('rule-0-symbol').fill('USDT');
    await page.getByTestId('rule-0-minAmount').fill('1000');
    await pick(page, 'rule-0-action', 'Require N approvals in all');
    await page.getByTestId('rule-0-approvals').fill('3');
    await page.getByTestId('policy-save').click();
    await expect
      .poll(() => page.getByTestId('rules-in-force').textContent())
      .toContain('Rule 1 (Large): amount at least 1000 USDT (Ethereum) → require 3 approvals');

    // The test box: which rule would decide a 1,500 USDT transfer, and what it means.
    await pick(page, 'test-walletId', /Aurora cold/);
    await page.getByTestId('test-symbol').fill('USDT');
    await page.getByTestId('test-amount').fill('1500');
    await page.getByTestId('test-to').fill(RECIPIENT);
    await page.getByTestId('policy-test').click();
    await expect.poll(() => page.getByTestId('verdict-now').textContent()).toContain('Rule 1 (Large)');
    expect(await page.getByTestId('verdict-now').textContent()).toContain('Result: 3 approvals');
    await page.getByTestId('test-amount').fill('10');
    await page.getByTestId('policy-test').click();
    await expect.poll(() => page.getByTestId('verdict-now').textContent()).toContain('No rule matches');
    await page.screenshot({ path: '/tmp/policy-page.png', fullPage: true });
    await page.close();
  });

  test('a 1,500 USDT proposal shows the rule and waits for three signers', async () => {
    const page = await signedInPage(env, 'merchantProManager', '/multisig');
    await page.getByRole('link', { name: 'Start proposal' }).click();
    await selectOption(page, 'Wallet', /Aurora cold/);
    await selectOption(page, 'Kind', /^Transfer$/);
    await page.getByLabel('Recipient').fill(RECIPIENT);
    await page.getByLabel('Amount').fill('1500');
    await selectOption(page, 'Currency', /^USDT/);
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL(/\/multisig\/\d+\/show$/);
    proposalUrl = page.url();
    await expect.poll(() => page.getByTestId('fact-policy').textContent()).toContain('Rule 1 (Large)');
    expect(await page.getByTestId('fact-policy').textContent()).toContain('3 approvals');
    // On a Safe, starting is not approving: each signer signs, the proposer too.
    await expect.poll(() => page.getByTestId('timeline').textContent()).toContain('0 of 3 approvals');

    // A second signer is not enough any more; the third makes it executable.
    const proposalId = Number(proposalUrl.match(/multisig\/(\d+)\/show/)![1]);
    expect((await approveWithDemoKey(env.server.baseUrl, 'merchantProManager', proposalId)).data.status).toBe('pending');
    expect((await approveWithDemoKey(env.server.baseUrl, 'merchantProFinance', proposalId)).data.status).toBe('pending');
    expect((await (await apiAs('merchantProManager'))(ApiPath.sign.confirm, { proposalId, comment: '' })).code).toBe(409);
    await page.reload();
    await expect.poll(() => page.getByTestId('timeline').textContent()).toContain('2 of 3 approvals');
    expect((await approveWithDemoKey(env.server.baseUrl, 'merchantProEmployee', proposalId)).data.status).toBe('approved');
    await page.close();
  });
});
