import { expect, test } from './test';
import type { Page } from 'playwright-core';
import { generatePrivateKey } from 'viem/accounts';
import { demoSigningKey } from '../../src/contract/demoSigningKey';
import type { ProposalDetail } from '../../src/contract/schemas/sign';
import { FakeWallet } from '../support/fakeWallet';
import { apiAs, e2eEnvironment, signIn, signedInPage } from './harness';
import { startAuroraColdTransfer } from './proposalSteps';
import { installWallet } from './signingKeys';
import { ApiPath } from '../../src/contract/apiPaths';

const env = e2eEnvironment();

/**
 * A signer whose browser has its own wallet (docs/chains.md "The console signs"): /account offers
 * it, and approvals on a Safe are signed by the wallet, which asks its owner, instead of by a key
 * the console keeps under a passphrase.
 */
test.describe('signing with the browser wallet', () => {
  // merchantProFinance's wallet holds the key the seed registered for them, the Aurora cold Safe's owner.
  const wallet = new FakeWallet(demoSigningKey('merchantProFinance'));
  let proposalUrl = '';
  // One browser for merchantProFinance throughout: what /account keeps lives in its storage.
  let page: Page;

  test('merchantProFinance chooses the browser wallet on /account: no passphrase, and the browser keeps only its address', async () => {
    const manager = await signedInPage(env, 'merchantProManager');
    proposalUrl = await startAuroraColdTransfer(manager, env.server.baseUrl, { amount: '0.25', memo: 'E2E wallet' });
    await manager.close();

    page = await env.browser.newPage();
    await installWallet(page, wallet);
    await signIn(page, env.server.baseUrl, 'merchantProFinance');
    await page.goto(`${env.server.baseUrl}/account`);
    const card = page.locator('[aria-labelledby="account-signing-key"]');
    await card.getByLabel('Use my browser wallet').check();
    expect(await card.getByLabel('Passphrase', { exact: true }).count()).toBe(0);
    await card.getByRole('button', { name: 'Keep in this browser and register' }).click();
    await expect
      .poll(() => page.getByTestId('signing-key-held').textContent())
      .toContain(`signs with its wallet's account ${wallet.address}`);
    // The key the seed registered is the wallet's: nothing to prove again, and nothing of the key stored here.
    expect(wallet.signatureRequests()).toBe(0);
    const stored = await page.evaluate(() => localStorage.getItem('custody.signingKey.merchantProFinance'));
    expect(JSON.parse(stored!)).toEqual({ version: 1, kind: 'injected', address: wallet.address });
  });

  test('a wallet showing another account, or declining, signs nothing: the console says why and the count stays', async () => {
    await page.goto(proposalUrl);
    await expect.poll(() => page.getByTestId('timeline').textContent()).toContain('0 of 2 approvals');

    wallet.switchTo(generatePrivateKey());
    await page.getByRole('button', { name: 'Approve' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Approve' }).click();
    await page.getByRole('alert').filter({ hasText: 'does not offer the account registered' }).waitFor();
    expect(wallet.signatureRequests()).toBe(0);

    wallet.switchTo(demoSigningKey('merchantProFinance'));
    wallet.declining = true;
    await page.getByRole('button', { name: 'Approve' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Approve' }).click();
    await page.getByRole('alert').filter({ hasText: 'The wallet declined to sign' }).waitFor();
    wallet.declining = false;
    const call = await apiAs(env.server.baseUrl, 'merchantProFinance');
    const proposalId = Number(proposalUrl.match(/multisig\/(\d+)\/show/)![1]);
    const detail = (await call(`${ApiPath.sign.detail}?proposalId=${proposalId}`)).data as unknown as ProposalDetail;
    expect(detail.approvals).toHaveLength(0);
  });

  test('approving asks the wallet, not a passphrase, and the Safe approval recovers to the wallet account', async () => {
    await page.reload();
    await page.getByRole('button', { name: 'Approve' }).click();
    const dialog = page.getByRole('dialog');
    await expect.poll(() => dialog.getByTestId('wallet-sign-intro').textContent()).toContain(wallet.address);
    expect(await dialog.getByLabel('Passphrase').count()).toBe(0);
    const asked = wallet.signatureRequests();
    await dialog.getByRole('button', { name: 'Approve' }).click();
    await expect.poll(() => page.getByTestId('timeline').textContent()).toContain('1 of 2 approvals');
    // One signature at the proposal's Safe nonce, and one at each lower nonce the detail handed out.
    const call = await apiAs(env.server.baseUrl, 'merchantProFinance');
    const proposalId = Number(proposalUrl.match(/multisig\/(\d+)\/show/)![1]);
    const detail = (await call(`${ApiPath.sign.detail}?proposalId=${proposalId}`)).data as unknown as ProposalDetail;
    expect(wallet.signatureRequests() - asked).toBe(1 + detail.signing!.lower.length);
    expect(detail.approvals.map((a) => [a.account, a.signerAddress])).toEqual([['merchantProFinance', wallet.address]]);
    await page.close();
  });

  test('a user who is no Safe signer registers a new wallet account with a proof the wallet signs', async () => {
    const fresh = new FakeWallet(generatePrivateKey());
    const page = await env.browser.newPage();
    await installWallet(page, fresh);
    await signIn(page, env.server.baseUrl, 'multiOrg');
    await page.goto(`${env.server.baseUrl}/account`);
    const card = page.locator('[aria-labelledby="account-signing-key"]');
    await card.getByLabel('Use my browser wallet').check();
    await card.getByRole('button', { name: 'Keep in this browser and register' }).click();
    await expect.poll(() => page.getByTestId('signing-key-registered').textContent()).toContain(fresh.address);
    expect(fresh.requests.filter((r) => r.method === 'personal_sign')).toHaveLength(1);
    const call = await apiAs(env.server.baseUrl, 'multiOrg');
    expect((await call(ApiPath.account.signingKey.state)).data.address).toBe(fresh.address);
    await page.close();
  });

  test('without a browser wallet, /account does not offer one', async () => {
    const page = await signedInPage(env, 'merchantProEmployee', '/account');
    const card = page.locator('[aria-labelledby="account-signing-key"]');
    await card.getByLabel('Make a new key').waitFor();
    expect(await card.getByLabel('Use my browser wallet').count()).toBe(0);
    await page.close();
  });
});
