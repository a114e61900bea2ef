import { expect, test } from './test';
import type { Page } from 'playwright-core';
import { apiAs as apiAsUser, e2eEnvironment, signIn, downloadCsv, signedInPage } from './harness';
import { startAuroraColdTransfer } from './proposalSteps';
import { approveWithDemoKey, holdDemoKey, signInDialog } from './signingKeys';
import { axeViolations } from './axe';
import { ApiPath } from '../../src/contract/apiPaths';

// Issue 33 items 1 and 3: approving without a key is said, not guessed at; one proposal has one name
// (wallet and nonce) in the toast, the audit log and its export; the Safe's numbers are shown and labelled.
const env = e2eEnvironment();
const apiAs = (account: string) => apiAsUser(env.server.baseUrl, account);
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1440, height: 900 };

const proposalIdOf = (url: string) => Number(url.match(/multisig\/(\d+)\/show/)![1]);
const expectAxeClean = async (page: Page, where: string) => expect(await axeViolations(page, where)).toEqual([]);
/** A dialog checked once it has faded in: mid-transition its text is pale for axe. */
const dialogShown = async (page: Page) =>
  expect.poll(() => page.locator('.MuiDialog-container').evaluate((el) => getComputedStyle(el).opacity)).toBe('1');

test.describe('signing without guesswork, one name per proposal', () => {
  // Each size starts one; the first is the one executed and read in the audit log.
  const started: Array<{ url: string; reference: string }> = [];
  const proposalUrl = () => started[0].url;
  const latestUrl = () => started[started.length - 1].url;

  for (const [size, viewport] of [
    ['1440', DESKTOP],
    ['390', PHONE],
  ] as const) {
    test(`at ${size} px: the proposer of a Safe proposal is told it waits for their signature and signs it from the page`, async () => {
      const page = await env.browser.newPage({ viewport });
      await holdDemoKey(page, 'merchantProManager');
      await signIn(page, env.server.baseUrl, 'merchantProManager');
      const url = await startAuroraColdTransfer(page, env.server.baseUrl, { amount: '0.1', memo: `guidance ${size}` });
      const { nonce } = (await (await apiAs('merchantProManager'))(`${ApiPath.sign.detail}?proposalId=${proposalIdOf(url)}`)).data as {
        nonce: number;
      };
      const named = `Aurora cold · #${nonce}`;
      // The toast names it as the page does, and says what is left to do.
      await page.getByText(`${named} started. It now waits for your signature`).waitFor();
      const waits = page.getByTestId('awaits-my-signature');
      await expect.poll(() => waits.textContent()).toContain('You started this proposal; it now waits for your signature');
      // The Safe's own numbers, each labelled against the proposal's.
      expect(await page.getByTestId('fact-safe-nonce').textContent()).toMatch(/^\d+$/);
      expect(await page.getByTestId('fact-safe-tx-hash').textContent()).toMatch(/^0x[0-9a-f]{64}$/);
      expect(await page.locator('main').textContent()).toContain(`the proposal nonce (#${nonce}) counts this wallet's proposals`);
      await expectAxeClean(page, `proposal ${size}`);
      await waits.getByRole('button', { name: 'Sign now' }).click();
      await dialogShown(page);
      await expectAxeClean(page, `approve dialog ${size}`);
      await signInDialog(page);
      await expect.poll(() => page.getByTestId('timeline').textContent()).toContain('1 of 2 approvals');
      await expect.poll(() => waits.count()).toBe(0);
      started.push({ url, reference: named });
      await page.close();
    });
  }

  for (const [size, viewport] of [
    ['1440', DESKTOP],
    ['390', PHONE],
  ] as const) {
    test(`at ${size} px: a signer whose key is not in this browser is told so, with no passphrase to guess, and led to /account`, async () => {
      const page = await signedInPage(env, 'merchantProFinance', { viewport });
      await page.goto(latestUrl());
      await expect.poll(() => page.getByTestId('awaits-my-signature').textContent()).toContain('You need a signing key first');
      await page.getByRole('button', { name: 'Approve', exact: true }).click();
      const dialog = page.getByRole('dialog');
      // The demo registered its key on the server; this browser holds none.
      await expect
        .poll(() => dialog.getByTestId('no-signing-key').textContent())
        .toMatch(/^Your signing key 0x[0-9a-fA-F]{40} is registered, but this browser does not hold it/);
      expect(await dialog.getByLabel('Passphrase').count()).toBe(0);
      await dialogShown(page);
      await expectAxeClean(page, `no-key dialog ${size}`);
      await dialog.getByRole('button', { name: 'Set up my signing key' }).click();
      await page.waitForURL(/\/account#signing-key$/);
      const card = page.locator('#signing-key');
      await card.getByText('This browser holds no signing key.').waitFor();
      await expect.poll(() => card.evaluate((el) => el.getBoundingClientRect().top < window.innerHeight)).toBe(true);
      // Nothing was signed on the way.
      const detail = (await (await apiAs('merchantProFinance'))(`${ApiPath.sign.detail}?proposalId=${proposalIdOf(latestUrl())}`)).data as {
        approvalCount: number;
      };
      expect(detail.approvalCount).toBe(1);
      await page.close();
    });
  }

  test('executed: the page shows the Safe transaction hash the ledger books it under beside the chain’s, saying how they relate', async () => {
    const call = await apiAs('merchantProEmployee');
    // Nonce order: the first executes first.
    for (const { url } of started) {
      expect((await approveWithDemoKey(env.server.baseUrl, 'merchantProFinance', proposalIdOf(url))).code).toBe(200);
      expect((await call(ApiPath.sign.confirm, { proposalId: proposalIdOf(url), comment: '' })).code).toBe(200);
    }
    const proposalId = proposalIdOf(proposalUrl());
    const detail = (await call(`${ApiPath.sign.detail}?proposalId=${proposalId}`)).data as {
      txHash: string;
      signing: { safeTxHash: string };
    };
    const flow = await (await apiAs('merchantProManager'))(`${ApiPath.assetFlow.list}?pageSize=500&sort=id&order=DESC`);
    const booked = (flow.data.list as Array<{ proposalId: number | null; txHash: string | null }>).filter(
      (row) => row.proposalId === proposalId,
    );
    expect(booked.length).toBeGreaterThan(0);
    expect(booked.every((row) => row.txHash === detail.signing.safeTxHash)).toBe(true);

    for (const viewport of [DESKTOP, PHONE]) {
      const page = await signedInPage(env, 'merchantProManager', { viewport });
      await page.goto(proposalUrl());
      await expect.poll(() => page.getByTestId('fact-safe-tx-hash').textContent()).toBe(detail.signing.safeTxHash);
      const tx = page.getByTestId('tx-view');
      expect(await tx.getByTestId('tx-hash').textContent()).toBe(detail.txHash);
      expect(await tx.textContent()).toContain('On-chain transaction hash');
      expect(await tx.getByTestId('tx-relation').textContent()).toBe(
        `The transaction that executed Safe transaction ${detail.signing.safeTxHash} on chain.`,
      );
      expect(await page.getByTestId('awaits-my-signature').count()).toBe(0);
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      await page.close();
    }
  });

  test('the audit log names it by wallet and nonce and says what each event did, in the row, the drawer and the export', async () => {
    const { reference } = started[0];
    const page = await signedInPage(env, 'merchantProManager', '/audit-log', { viewport: DESKTOP });
    await page.getByRole('combobox', { name: /^Record/ }).click();
    await page.getByRole('option', { name: 'Proposal vote' }).click();
    const rows = page.locator('table tbody tr').filter({ hasText: reference });
    await expect.poll(() => rows.count()).toBe(2);
    expect(await rows.getByTestId('audit-action').allTextContents()).toEqual(['Approved', 'Approved']);
    await page.getByRole('combobox', { name: /^Record/ }).click();
    await page.getByRole('option', { name: 'Proposal', exact: true }).click();
    const proposalRows = page.locator('table tbody tr').filter({ hasText: reference });
    await expect
      .poll(() => proposalRows.getByTestId('audit-action').allTextContents())
      .toEqual(['Confirmed and executed', 'Approvals reached', 'Proposal started']);
    expect(await page.locator('table').textContent()).not.toContain('Changed');
    await expectAxeClean(page, 'audit log');
    await proposalRows.first().click();
    const drawer = page.getByTestId('audit-event');
    await expect.poll(() => drawer.getByRole('heading', { level: 2 }).textContent()).toBe(`Confirmed and executed · Proposal ${reference}`);
    expect(await drawer.getByTestId('audit-event-proposal').getAttribute('href')).toBe(`/multisig/${proposalIdOf(proposalUrl())}/show`);
    await expectAxeClean(page, 'audit event drawer');
    await page.keyboard.press('Escape');
    await expect.poll(() => drawer.count()).toBe(0);

    const { lines } = await downloadCsv(page, () => page.getByRole('button', { name: 'Export' }).click());
    expect(lines[0]).toContain('Which record');
    const ours = lines.filter((line) => line.includes(reference));
    expect(ours.some((line) => line.includes('Confirmed and executed'))).toBe(true);
    expect(ours.some((line) => line.includes('Proposal started'))).toBe(true);
    await page.close();

    // On a phone the same words, without the table.
    const phone = await signedInPage(
      env,
      'merchantProManager',
      `/audit-log?filter=${encodeURIComponent(JSON.stringify({ entity: 'proposal' }))}`,
      { viewport: PHONE },
    );
    await expect.poll(() => phone.getByTestId('audit-action').allTextContents()).toContain(`Confirmed and executed · ${reference}`);
    expect(await phone.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await expectAxeClean(phone, 'audit log 390');
    await phone.close();
  });
});
