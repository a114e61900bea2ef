import { expect, test } from './test';
import { apiAs as apiAsUser, e2eEnvironment, signIn, downloadCsv, signedInPage } from './harness';
import { RECIPIENT, startAuroraColdTransfer, withdrawFromAuroraCold } from './proposalSteps';
import { DEMO_PASSPHRASE, holdDemoKey, signInDialog } from './signingKeys';
import { ApiPath } from '../../src/contract/apiPaths';

const env = e2eEnvironment();

const apiAs = (account: string) => apiAsUser(env.server.baseUrl, account);

test.describe('multisig: start, approve, confirm', () => {
  let proposalUrl = '';

  test('merchantProManager takes their demo key into the browser on /account, starts a 2-of-3 transfer from the cold wallet (a Safe) and signs it as the first approval', async () => {
    const page = await signedInPage(env, 'merchantProManager', '/account');
    const card = page.locator('[aria-labelledby="account-signing-key"]');
    await card.getByLabel('Use my demo key').check();
    await card.getByLabel('Passphrase', { exact: true }).fill(DEMO_PASSPHRASE);
    await card.getByLabel('Passphrase again').fill(DEMO_PASSPHRASE);
    await card.getByRole('button', { name: 'Keep in this browser and register' }).click();
    await expect.poll(() => page.getByTestId('signing-key-held').textContent()).toMatch(/This browser holds key 0x[0-9a-fA-F]{40}/);
    // The key is kept encrypted: the private key is nowhere in the browser's storage.
    const stored = await page.evaluate(() => JSON.stringify(localStorage));
    expect(stored).toContain('custody.signingKey.merchantProManager');

    proposalUrl = await startAuroraColdTransfer(page, env.server.baseUrl, { amount: '1.5', memo: 'E2E payout' });
    // On a Safe, starting is not approving: the proposer signs next.
    await expect.poll(() => page.getByTestId('timeline').textContent()).toContain('0 of 2 approvals');
    await page.getByRole('button', { name: 'Approve' }).click();
    // A wrong passphrase signs nothing.
    await page.getByRole('dialog').getByLabel('Passphrase').fill('not the passphrase');
    await page.getByRole('dialog').getByRole('button', { name: 'Approve' }).click();
    await page.getByRole('alert').filter({ hasText: 'does not open your signing key' }).waitFor();
    expect(await page.getByTestId('timeline').textContent()).toContain('0 of 2 approvals');
    await page.getByRole('button', { name: 'Approve' }).click();
    await signInDialog(page);
    await expect.poll(() => page.getByTestId('timeline').textContent()).toContain('1 of 2 approvals');
    expect(await page.getByTestId('signer-merchantProManager').textContent()).toContain('approved');
    expect(await page.getByRole('button', { name: 'Approve' }).count()).toBe(0);
    await page.close();
  });

  test('a non-signer sees no action buttons and the API refuses their calls', async () => {
    const page = await signedInPage(env, 'superAdmin');
    await page.goto(proposalUrl);
    await expect.poll(() => page.getByTestId('timeline').textContent()).toContain('1 of 2 approvals');
    for (const name of ['Approve', 'Deny', 'Confirm']) expect(await page.getByRole('button', { name }).count()).toBe(0);
    const proposalId = Number(proposalUrl.match(/multisig\/(\d+)\/show/)![1]);
    const call = await apiAs('superAdmin');
    expect((await call(ApiPath.sign.approval, { proposalId })).code).toBe(403);
    await page.close();
  });

  test('merchantProFinance approves and merchantProEmployee confirms: executed, logged, balance changed', async () => {
    const proposalId = Number(proposalUrl.match(/multisig\/(\d+)\/show/)![1]);
    const call = await apiAs('merchantProManager');
    const walletsBefore = await call(`${ApiPath.chainWallet.list}?pageSize=100`);
    const cold = (walletsBefore.data.list as Array<{ label: string; balances: Array<{ symbol: string; amount: string }> }>).find(
      (w) => w.label === 'Aurora cold',
    )!;
    const ethBefore = Number(cold.balances.find((b) => b.symbol === 'ETH')!.amount);

    const finance = await env.browser.newPage();
    await holdDemoKey(finance, 'merchantProFinance');
    await signIn(finance, env.server.baseUrl, 'merchantProFinance');
    await expect.poll(() => finance.getByTestId('home-waiting').textContent()).not.toBe('0');
    // The app bar's bell counts it, and its notice leads to it (docs/webhooks.md "Notifications in the app bar").
    const { nonce } = (await call(`${ApiPath.sign.detail}?proposalId=${proposalId}`)).data as { nonce: number };
    await expect.poll(async () => Number(await finance.getByTestId('notification-count').textContent())).toBeGreaterThan(0);
    await finance.getByTestId('notification-bell').click();
    const notice = finance.getByTestId('notification-item').filter({ hasText: `Aurora cold · #${nonce} · 1.5 ETH` });
    expect(await notice.textContent()).toContain('Transfer waits for your approval');
    await notice.click();
    await finance.waitForURL(proposalUrl);
    await finance.getByRole('button', { name: 'Approve' }).click();
    // Each action asks once more, repeating what the proposal does.
    const approveDialog = finance.getByRole('dialog');
    await expect.poll(() => approveDialog.textContent()).toContain('Transfer 1.5 ETH');
    expect(await approveDialog.textContent()).toContain(RECIPIENT);
    await signInDialog(finance);
    await expect.poll(() => finance.getByTestId('timeline').textContent()).toContain('2 of 2 approvals');
    await finance.close();

    const employee = await signedInPage(env, 'merchantProEmployee');
    await employee.goto(proposalUrl);
    await employee.getByRole('button', { name: 'Confirm' }).click();
    await employee.getByRole('dialog').getByRole('button', { name: 'Execute' }).click();
    // Executed on the devnet, which no public explorer sees: the console shows the transaction itself.
    const tx = employee.getByTestId('tx-view');
    await tx.waitFor();
    expect(await tx.getByTestId('tx-hash').textContent()).toMatch(/^0x[0-9a-f]{64}$/);
    expect(Number(await tx.getByTestId('tx-block').textContent())).toBeGreaterThan(0);
    expect(Number(await tx.getByTestId('tx-gasUsed').textContent())).toBeGreaterThan(21_000);
    expect(await tx.getByTestId('tx-fee').textContent()).toMatch(/^0\.\d+ ETH$/);
    // Each approval is a signature: the signer's own key, which the Safe checked.
    expect(await employee.getByTestId('signature-merchantProManager').textContent()).toMatch(/as 0x[0-9a-fA-F]{40}/);
    expect(await employee.getByTestId('signature-merchantProFinance').textContent()).toMatch(/as 0x[0-9a-fA-F]{40}/);
    // The detail tells who approved and who executed it, and when.
    const time = /\d{4}, \d{1,2}:\d{2}:\d{2} [AP]M/;
    await expect.poll(() => employee.getByTestId('executed-by').textContent()).toMatch(/^By .+ \(merchantProEmployee\) · /);
    expect(await employee.getByTestId('executed-by').textContent()).toMatch(time);
    expect(await employee.getByTestId('approved-at').textContent()).toMatch(time);
    // On a Safe the proposer's approval is an entry of its own; merchantProFinance's is the second.
    const approval = employee.getByTestId('sign-log').getByTestId('log-approval').filter({ hasText: 'merchantProFinance' });
    expect(await approval.textContent()).toContain('(merchantProFinance) approved');
    expect(await approval.textContent()).toMatch(time);
    expect(await employee.getByTestId('sign-log').getByTestId('log-confirm').textContent()).toContain('(merchantProEmployee) executed it');
    await employee.close();

    const logs = await call(`${ApiPath.sign.logList}?proposalId=${proposalId}`);
    expect((logs.data.list as Array<{ action: string }>).map((l) => l.action)).toEqual(['start', 'approval', 'approval', 'confirm']);
    const walletsAfter = await call(`${ApiPath.chainWallet.list}?pageSize=100`);
    const coldAfter = (walletsAfter.data.list as Array<{ label: string; balances: Array<{ symbol: string; amount: string }> }>).find(
      (w) => w.label === 'Aurora cold',
    )!;
    // The amount alone: the relayer, not the Safe, paid the gas (docs/chains.md "Gas of Safe executions").
    expect(Number(coldAfter.balances.find((b) => b.symbol === 'ETH')!.amount)).toBeCloseTo(ethBefore - 1.5, 10);
  });

  test('the queue shows next and queued nonces', async () => {
    const page = await signedInPage(env, 'merchantProFinance', '/multisig');
    // The demo's open queue is Aurora TRON hot's: the queue follows the app bar's chain.
    await page.getByRole('combobox', { name: 'Chain' }).click();
    await page.getByRole('option', { name: 'TRON' }).click();
    await page.getByText('Next', { exact: true }).waitFor();
    await expect.poll(() => page.locator('main').textContent()).toContain('Aurora TRON hot · #1 must be executed first');
    await page.close();
  });

  test('the queue, the detail title and the withdrawal row name a proposal the same way', async () => {
    const { proposalId, reference } = await withdrawFromAuroraCold(env.server.baseUrl, '0.5');

    const page = await signedInPage(env, 'merchantProFinance', '/multisig');
    await expect.poll(() => page.getByTestId(`proposal-${proposalId}`).getByTestId('proposal-reference').textContent()).toBe(reference);

    await page.getByTestId(`proposal-${proposalId}`).click();
    await page.waitForURL(new RegExp(`/multisig/${proposalId}/show$`));
    await expect.poll(() => page.locator('#react-admin-title').textContent()).toBe(reference);

    await page.goto(`${env.server.baseUrl}/withdraw`);
    // The row's link (the waiting proposals above the list name it too, with what it does).
    const link = page.getByRole('link', { name: reference, exact: true });
    await link.waitFor();
    expect(await link.getAttribute('href')).toBe(`/multisig/${proposalId}/show`);
    await page.close();
  });

  test('Export sign log saves every action on the org’s proposals as CSV, as the API lists them', async () => {
    const call = await apiAs('merchantProFinance');
    const listed = await call(`${ApiPath.sign.logList}?pageSize=500&sort=createdAt&order=asc`);
    const page = await signedInPage(env, 'merchantProFinance', '/multisig');
    const { filename, lines } = await downloadCsv(page, () => page.getByRole('button', { name: 'Export sign log' }).click());
    expect(filename).toMatch(/^sign-log-[\d-]+\.csv$/);
    expect(lines[0]).toBe('Time,Chain,Chain ID,Proposal,Action,Account,Name,Comment');
    expect(lines.length - 1).toBe(listed.data.count);
    expect(lines.slice(1).some((line) => line.includes('Aurora cold · #') && line.includes('approved'))).toBe(true);
    await page.close();
  });
});
