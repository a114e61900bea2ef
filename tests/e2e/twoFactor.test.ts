import { expect, test } from './test';
import { Secret, TOTP } from 'otpauth';
import type { Page } from 'playwright-core';
import { e2eEnvironment, signIn } from './harness';
import { RECIPIENT } from './proposalSteps';
import { DEMO_PASSWORD } from '../../server/db/seed/demoData';
import { approveWithDemoKey, holdDemoKey, signInDialog } from './signingKeys';
import { ApiPath } from '../../src/contract/apiPaths';

const env = e2eEnvironment();

/**
 * The code an authenticator app shows `stepsAhead` steps (30 s) from now. The server takes one
 * step either side of its clock and never the same step twice, so each use here takes a later
 * step than the one before instead of waiting for the clock.
 */
const totp = (secret: string, stepsAhead = 0) =>
  new TOTP({ secret: Secret.fromBase32(secret) }).generate({ timestamp: Date.now() + stepsAhead * 30_000 });

/** A 2-of-3 transfer out of Aurora cold started by merchantProManager through the API; its id. */
async function startTransfer(): Promise<number> {
  const post = (path: string, body: unknown, token?: string) =>
    fetch(`${env.server.baseUrl}/api${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify(body),
    }).then((r) => r.json() as Promise<{ code: number; data: Record<string, unknown> }>);
  const token = (await post(ApiPath.auth.login, { account: 'merchantProManager', password: DEMO_PASSWORD })).data.token as string;
  const wallets = (await fetch(`${env.server.baseUrl}/api${ApiPath.chainWallet.list}?pageSize=100`, {
    headers: { authorization: `Bearer ${token}` },
  }).then((r) => r.json())) as {
    data: { list: Array<{ id: number; label: string }> };
  };
  const walletId = wallets.data.list.find((w) => w.label === 'Aurora cold')!.id;
  const started = await post(
    ApiPath.sign.start,
    { walletId, kind: 'transfer', to: RECIPIENT, amount: '0.5', symbol: 'ETH', memo: 'two-factor e2e' },
    token,
  );
  expect(started.code).toBe(200);
  // On a Safe the proposer approves by signing, as their browser does after the start.
  expect((await approveWithDemoKey(env.server.baseUrl, 'merchantProManager', started.data.proposalId as number)).code).toBe(200);
  return started.data.proposalId as number;
}

test.describe('two-factor authentication', () => {
  let secret = '';
  let recoveryCodes: string[] = [];
  /** The page merchantProFinance enrolled on: a session signed in with the password alone. */
  let enrolledOn: Page;

  test('merchantProFinance enrols on /account: QR code and key, a first code, ten recovery codes shown once', async () => {
    const page = await env.browser.newPage();
    enrolledOn = page;
    await holdDemoKey(page, 'merchantProFinance');
    await signIn(page, env.server.baseUrl, 'merchantProFinance');
    await page.goto(`${env.server.baseUrl}/account`);
    await expect.poll(() => page.getByTestId('two-factor-status').textContent()).toBe('Off');
    await page.getByRole('button', { name: 'Set up' }).click();
    // The QR code is an SVG in the page (no data: URL for the coming CSP).
    await page.getByRole('img', { name: 'QR code of your two-factor secret' }).waitFor();
    expect(await page.getByRole('img', { name: 'QR code of your two-factor secret' }).evaluate((e) => e.tagName.toLowerCase())).toBe('svg');
    secret = ((await page.getByTestId('two-factor-secret').textContent()) ?? '').trim();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    await page.getByTestId('two-factor-confirm-code').fill(totp(secret));
    await page.getByRole('button', { name: 'Turn on' }).click();
    await page.getByTestId('recovery-codes').waitFor();
    recoveryCodes = await page.getByTestId('recovery-codes').locator('li').allTextContents();
    expect(recoveryCodes).toHaveLength(10);
    // The factor is on from the accepted code: the badge says so while the codes are shown.
    expect(await page.getByTestId('two-factor-status').textContent()).toBe('On');
    await page.getByRole('button', { name: 'I have saved them' }).click();
    await expect.poll(() => page.getByTestId('two-factor-status').textContent()).toBe('On');
  });

  test('a session signed in before enrolling asks for a code to approve a proposal, then the approval goes through', async () => {
    const proposalId = await startTransfer();
    const page = enrolledOn;
    await page.goto(`${env.server.baseUrl}/multisig/${proposalId}/show`);
    await expect.poll(() => page.getByTestId('timeline').textContent()).toContain('1 of 2 approvals');
    await page.getByRole('button', { name: 'Approve' }).click();
    await signInDialog(page);
    // The write was refused for a step-up: the layout's dialog asks, then the approval is sent again.
    await page.getByTestId('step-up-code').waitFor();
    await page.getByTestId('step-up-code').fill(totp(secret, 1));
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect.poll(() => page.getByTestId('timeline').textContent()).toContain('2 of 2 approvals');
    await page.close();
  });

  test('signing in asks for a code after the password', async () => {
    const page = await env.browser.newPage();
    await page.goto(`${env.server.baseUrl}/login`);
    await page.getByLabel(/account/i).fill('merchantProFinance');
    await page.getByLabel(/password/i).fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: /sign in/i }).click();
    await page.getByTestId('sign-in-code').waitFor();
    // A recovery code: the TOTP steps near now are used by the enrolment and the step-up above.
    await page.getByTestId('sign-in-code').fill(recoveryCodes[0]);
    await page.getByRole('button', { name: /sign in/i }).click();
    await page.waitForURL(/\/home$/);
    await page.close();
  });

  test('right after a sign-in with a code, approving asks for no second code (issue 33 item 8)', async () => {
    const proposalId = await startTransfer();
    const page = await env.browser.newPage();
    await holdDemoKey(page, 'merchantProFinance');
    const stepUps: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/two-factor/step-up')) stepUps.push(request.url());
    });
    await page.goto(`${env.server.baseUrl}/login`);
    await page.getByLabel(/account/i).fill('merchantProFinance');
    await page.getByLabel(/password/i).fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: /sign in/i }).click();
    await page.getByTestId('sign-in-code').fill(recoveryCodes[1]);
    await page.getByRole('button', { name: /sign in/i }).click();
    await page.waitForURL(/\/home$/);
    await page.goto(`${env.server.baseUrl}/multisig/${proposalId}/show`);
    await expect.poll(() => page.getByTestId('timeline').textContent()).toContain('1 of 2 approvals');
    await page.getByRole('button', { name: 'Approve' }).click();
    await signInDialog(page);
    // The sign-in's code is this session's step-up: the approval goes straight through.
    await expect.poll(() => page.getByTestId('timeline').textContent()).toContain('2 of 2 approvals');
    expect(await page.getByTestId('step-up-code').count()).toBe(0);
    expect(stepUps).toEqual([]);
    await page.close();
  });
});
