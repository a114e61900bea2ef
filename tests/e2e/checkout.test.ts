import { expect, test } from './test';
import type { Page } from 'playwright-core';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import type { Hex } from 'viem';
import { ApiPath } from '../../src/contract/apiPaths';
import { payLinkPath } from '../../src/contract/payLink';
import { apiAs, e2eEnvironment, signedInPage } from './harness';
import { axeViolations, untranslatedIconNames } from './axe';
import { devnetCall } from './devnetPayment';

/**
 * The payer's side of issue 36 (docs/payments.md "The checkout pages"): a payer opens a pay link, enters an
 * amount, funds a browser wallet of their own with the page's faucet, pays with it and sees "Paid"
 * without a reload, once the deposit watcher (on in this server: DEPOSIT_WATCH_MS, 1 s) has the
 * payment's confirmations. On a desktop and at a phone's 390 px; axe clean on both pages; no
 * Content-Security-Policy violation.
 */
const env = e2eEnvironment();
/** The watcher books a payment once Ethereum's confirmations are on top (the devnet mines them while it waits). */
const PAID_WAIT_MS = 90_000;

/**
 * A browser wallet (EIP-1193 `window.ethereum`) with a fresh devnet account: the page's requests
 * reach it here, it signs with its own key and relays the signed transaction to the server's public
 * devnet endpoint (`/devnet/1`, docs/chains.md "Paying into the devnet"), as a wallet extension
 * pointed at that network would.
 */
class DevnetWallet {
  readonly account = privateKeyToAccount(generatePrivateKey());
  readonly requests: Array<{ method: string; params: unknown[] }> = [];
  private chainId = 1;

  constructor(private readonly baseUrl: string) {}

  async answer(method: string, params: unknown[]): Promise<{ result?: unknown; error?: { code: number; message: string } }> {
    this.requests.push({ method, params });
    switch (method) {
      case 'eth_requestAccounts':
      case 'eth_accounts':
        return { result: [this.account.address] };
      case 'eth_chainId':
        return { result: `0x${this.chainId.toString(16)}` };
      case 'wallet_switchEthereumChain': {
        const wanted = Number((params[0] as { chainId: string }).chainId);
        const devnet = Number(await devnetCall<string>(this.baseUrl, 'eth_chainId'));
        if (wanted !== devnet) return { error: { code: 4902, message: `Unrecognized chain ID ${wanted}.` } };
        this.chainId = wanted;
        return { result: null };
      }
      case 'eth_sendTransaction': {
        const tx = params[0] as { from: Hex; to: Hex; data?: Hex; value?: Hex };
        if (tx.from.toLowerCase() !== this.account.address.toLowerCase()) return { error: { code: 4100, message: 'Not this account.' } };
        const nonce = Number(await devnetCall<string>(this.baseUrl, 'eth_getTransactionCount', [this.account.address, 'pending']));
        const raw = await this.account.signTransaction({
          chainId: this.chainId,
          type: 'eip1559',
          nonce,
          gas: 200_000n,
          maxFeePerGas: 50_000_000_000n,
          maxPriorityFeePerGas: 1_000_000_000n,
          to: tx.to,
          data: tx.data,
          value: tx.value ? BigInt(tx.value) : undefined,
        });
        try {
          return { result: await devnetCall<string>(this.baseUrl, 'eth_sendRawTransaction', [raw]) };
        } catch (error) {
          return { error: { code: -32000, message: (error as Error).message } };
        }
      }
      default:
        return { error: { code: 4200, message: `The wallet does not support ${method}.` } };
    }
  }

  async install(page: Page): Promise<void> {
    await page.exposeFunction('__devnetWallet', (method: string, params: unknown[]) => this.answer(method, params));
    await page.addInitScript(() => {
      type Reply = { result?: unknown; error?: { code: number; message: string } };
      const page = window as unknown as { __devnetWallet(method: string, params: unknown[]): Promise<Reply>; ethereum: unknown };
      page.ethereum = {
        request: async ({ method, params }: { method: string; params?: unknown[] }) => {
          const reply = await page.__devnetWallet(method, params ?? []);
          if (reply.error) throw Object.assign(new Error(reply.error.message), { code: reply.error.code });
          return reply.result;
        },
      };
    });
  }
}

/** Every Content-Security-Policy violation of the page, kept where the test can read it. */
async function recordViolations(page: Page) {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { cspViolations: string[] }).cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (event) => seen.push(`${event.violatedDirective} ${event.blockedURI}`));
  });
}
const cspViolations = (page: Page) => page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations);

interface LinkRow {
  code: string;
  title: string;
  amount: string | null;
  orgId: number;
}

/** The demo's pay links of Ethereum's USDT (server/db/seed/payments.ts): "Donations" without an amount, "Monthly plan" at 49.9. */
async function seededLink(title: 'Donations' | 'Monthly plan', skip = 0): Promise<LinkRow> {
  const call = await apiAs(env.server.baseUrl, 'superAdmin');
  const answer = await call(`${ApiPath.payLink.list}?pageSize=100`);
  const links = (answer.data as unknown as { list: LinkRow[] }).list.filter((l) => l.title === title);
  expect(links.length, `seeded pay links "${title}"`).toBeGreaterThan(skip);
  return links[skip];
}

/** The payer's whole way, from the pay link to "Paid"; answers the order's number. */
async function payThrough(page: Page, wallet: DevnetWallet, link: LinkRow, amount: string | null): Promise<string> {
  await page.goto(`${env.server.baseUrl}${payLinkPath(link.code)}`);
  await expect(page.getByRole('heading', { level: 1, name: link.title })).toBeVisible();
  await expect(page.getByText('Ethereum')).toBeVisible();
  expect(await axeViolations(page, `/pay (${page.viewportSize()?.width} px)`)).toEqual([]);
  if (amount !== null) {
    const field = page.getByLabel(/Amount in USDT/);
    // Checked as the server checks it: USDT has 6 decimals.
    await field.fill('1.1234567');
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByText('At most 6 decimal places.')).toBeVisible();
    await field.fill(amount);
    // From the keyboard: Enter in the field continues.
    await field.press('Enter');
  } else {
    await expect(page.getByText('49.90 USDT')).toBeVisible();
    await page.getByRole('button', { name: 'Continue' }).click();
  }
  await page.waitForURL(/\/checkout\/[\w-]+$/);

  const state = page.getByTestId('order-state');
  await expect(state.getByText('Waiting for payment')).toBeVisible();
  await expect(page.getByTestId('countdown')).toContainText(/59:\d\d|1:00:00/);
  await expect(page.getByRole('img', { name: /QR code of this payment/ })).toBeVisible();
  expect(await axeViolations(page, `/checkout (${page.viewportSize()?.width} px)`)).toEqual([]);

  await page.getByRole('button', { name: 'Get test coins' }).click();
  await expect(page.getByTestId('wallet-status')).toContainText(`Test coins sent to ${wallet.account.address}`, { timeout: 60_000 });
  await page.getByRole('button', { name: 'Pay with my browser wallet' }).click();
  await expect(page.getByTestId('wallet-status')).toContainText('Your wallet sent the payment', { timeout: 60_000 });
  await expect(page.getByTestId('wallet-error')).toHaveText('');
  // The page reads its order again by itself: no reload.
  await expect(state.getByText('Paid', { exact: true })).toBeVisible({ timeout: PAID_WAIT_MS });
  await expect(state).toContainText('Thank you');
  expect(await axeViolations(page, `/checkout paid (${page.viewportSize()?.width} px)`)).toEqual([]);
  expect(await cspViolations(page)).toEqual([]);

  // What the wallet was asked: its account, the devnet's chain (900000000 + 1), one transaction of exactly the order's amount.
  const methods = wallet.requests.map((r) => r.method);
  expect(methods).toContain('wallet_switchEthereumChain');
  expect(wallet.requests.find((r) => r.method === 'wallet_switchEthereumChain')?.params).toEqual([{ chainId: '0x35a4e901' }]);
  expect(methods.filter((m) => m === 'eth_sendTransaction')).toHaveLength(1);
  return (await page.locator('dt', { hasText: 'Order no.' }).locator('xpath=following-sibling::dd[1]').textContent()) ?? '';
}

/** The clerk's side: the order in the link-pay report, paid, from the wallet's account, with its fee. */
async function expectInLinkPayReport(orderNo: string, wallet: DevnetWallet, amount: string): Promise<void> {
  const call = await apiAs(env.server.baseUrl, 'superAdmin');
  const answer = await call(`${ApiPath.report.linkpay.list}?q=${encodeURIComponent(orderNo)}`);
  const rows = (answer.data as unknown as { list: Array<Record<string, unknown>> }).list.filter((r) => r.orderNo === orderNo);
  expect(rows).toHaveLength(1);
  expect(rows[0]).toMatchObject({ status: 'paid', amount, symbol: 'USDT', payerAddress: wallet.account.address });
  expect(rows[0].fee).toMatch(/^\d+(\.\d+)?$/);
}

test.describe('a payer pays a pay link with a browser wallet', () => {
  test('on a desktop: enters an amount, gets test coins, pays, and sees "Paid" without a reload', async () => {
    test.setTimeout(PAID_WAIT_MS + 150_000);
    const link = await seededLink('Donations');
    const page = await env.browser.newPage();
    await recordViolations(page);
    const wallet = new DevnetWallet(env.server.baseUrl);
    await wallet.install(page);
    const orderNo = await payThrough(page, wallet, link, '12.34');
    expect(orderNo).not.toBe('');
    await expectInLinkPayReport(orderNo, wallet, '12.34');
    await page.close();
  });

  test('at 390 px wide, a fixed-amount link: the same way, and nothing wider than the phone', async () => {
    test.setTimeout(PAID_WAIT_MS + 150_000);
    const link = await seededLink('Monthly plan');
    const page = await env.browser.newPage({ viewport: { width: 390, height: 844 } });
    await recordViolations(page);
    const wallet = new DevnetWallet(env.server.baseUrl);
    await wallet.install(page);
    const orderNo = await payThrough(page, wallet, link, null);
    await expectInLinkPayReport(orderNo, wallet, '49.9');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.close();
  });

  test('in Chinese, and an unknown code is "not found" without the console', async () => {
    const link = await seededLink('Donations', 1);
    const page = await env.browser.newPage();
    await page.goto(`${env.server.baseUrl}${payLinkPath(link.code)}?lng=zh-CN`);
    await expect(page.getByRole('button', { name: '继续' })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('zh-CN');
    expect(await axeViolations(page, '/pay (zh-CN)')).toEqual([]);
    expect(await untranslatedIconNames(page, '/pay (zh-CN)')).toEqual([]);
    await page.goto(`${env.server.baseUrl}/checkout/no-such-order?lng=en-US`);
    await expect(page.getByRole('heading', { level: 1, name: 'Not found' })).toBeVisible();
    // The payer's pages load no react-admin: no sign-in, no console chunk.
    const scripts = await page.evaluate(() => performance.getEntriesByType('resource').map((e) => e.name));
    expect(scripts.filter((name) => /console-vendor|\/Console-/.test(name))).toEqual([]);
    await page.close();
  });

  test("the console's pay link URL opens the payer's page", async () => {
    const link = await seededLink('Donations');
    const page = await signedInPage(env, 'superAdmin', '/pay-link');
    const url = `${env.server.baseUrl}${payLinkPath(link.code)}`;
    const shared = page.locator(`a[href="${url}"]`).first();
    await expect(shared).toBeVisible();
    const [payer] = await Promise.all([page.context().waitForEvent('page'), shared.click()]);
    await expect(payer.getByRole('heading', { level: 1, name: link.title })).toBeVisible();
    await payer.close();
    await page.close();
  });
});
