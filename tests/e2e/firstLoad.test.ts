import type { Page } from 'playwright-core';
import { expect, test } from './test';
import { e2eEnvironment } from './harness';
import { DEMO_PASSWORD } from '../../server/db/seed/demoData';
import { ApiPath } from '../../src/contract/apiPaths';
import { StorageKey } from '../../src/contract/constants';

const env = e2eEnvironment();

/**
 * A deep link opened with a stored token (docs/console.md "The first load"): the screen's first read
 * starts at boot, beside the screen's code, and the screen shows it without reading it again; a
 * refused token still ends on the sign-in page, with no data read or shown.
 */
async function apiSignIn(account: string): Promise<string> {
  const response = await fetch(`${env.server.baseUrl}/api${ApiPath.auth.login}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ account, password: DEMO_PASSWORD }),
  });
  return ((await response.json()) as { data: { token: string } }).data.token;
}

async function apiGet<T>(token: string, urlPath: string): Promise<T> {
  const response = await fetch(`${env.server.baseUrl}/api${urlPath}`, { headers: { authorization: `Bearer ${token}` } });
  return ((await response.json()) as { data: T }).data;
}

/** A fresh browser context whose local storage already holds these entries (a returning user), on `path`; every API call it makes, in order. */
async function openWithStorage(storage: Record<string, string>, path: string): Promise<{ page: Page; calls: string[] }> {
  const context = await env.browser.newContext({
    storageState: {
      cookies: [],
      origins: [{ origin: env.server.baseUrl, localStorage: Object.entries(storage).map(([name, value]) => ({ name, value })) }],
    },
  });
  const page = await context.newPage();
  const calls: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith('/api/')) calls.push(`${request.method()} ${url.pathname}${url.search}`);
  });
  // Whether a proposal row was ever in the document, seen by the page itself (kept across the tab's documents).
  await page.addInitScript(() => {
    new MutationObserver(() => {
      if (document.querySelector('[data-testid^="proposal-"]')) sessionStorage.setItem('sawRow', 'yes');
    }).observe(document, { childList: true, subtree: true });
  });
  await page.goto(`${env.server.baseUrl}${path}`);
  return { page, calls };
}

const queueCalls = (calls: string[]) => calls.filter((c) => c.startsWith(`GET /api${ApiPath.sign.list}?`) && c.includes('state=open'));

test.describe('the first load of a deep link', () => {
  test.setTimeout(120_000);

  test('/multisig with a stored token shows the queue from the read made at boot: one read each of /me, the chains and the queue', async () => {
    const token = await apiSignIn('merchantProManager');
    // The chain whose queue has rows, remembered as the app bar's chain (as a returning user has it).
    const open = await apiGet<{ list: Array<{ proposalId: number; chainId: number }> }>(
      token,
      `${ApiPath.sign.list}?state=open&pageSize=1`,
    );
    const chains = await apiGet<{ list: Array<{ chainId: number }> }>(token, `${ApiPath.chain.list}?pageSize=500`);
    const chain = chains.list.find((c) => c.chainId === open.list[0]?.chainId);
    expect(chain, 'the demo has an open proposal').toBeDefined();
    const { page, calls } = await openWithStorage(
      { [StorageKey.token]: token, [StorageKey.lastChain]: JSON.stringify(chain) },
      '/multisig',
    );
    await page.getByTestId(`proposal-${open.list[0].proposalId}`).waitFor({ timeout: 60_000 });
    // Everything the first screen asks for has been asked: nothing more is under way.
    await page.waitForLoadState('networkidle', { timeout: 60_000 });
    expect(queueCalls(calls)).toEqual([
      `GET /api${ApiPath.sign.list}?state=open&chainId=${chain!.chainId}&page=1&pageSize=500&sort=nonce&order=asc`,
    ]);
    expect(calls.filter((c) => c.startsWith(`GET /api${ApiPath.auth.me}`))).toHaveLength(1);
    expect(calls.filter((c) => c.startsWith(`GET /api${ApiPath.chain.list}?`))).toHaveLength(1);
    await page.context().close();
  });

  test('a generated list opened directly reads its first page once', async () => {
    const token = await apiSignIn('superAdmin');
    const { page, calls } = await openWithStorage({ [StorageKey.token]: token }, '/currency');
    await page.locator('.RaDataTable-row, .RaDatagrid-row').first().waitFor({ timeout: 60_000 });
    await page.waitForLoadState('networkidle', { timeout: 60_000 });
    expect(calls.filter((c) => c.startsWith(`GET /api${ApiPath.currency.list}?`))).toHaveLength(1);
    await page.context().close();
  });

  test('a role the route is closed to gets /403, and the queue is never read', async () => {
    const token = await apiSignIn('merchantLiteManager');
    const { page, calls } = await openWithStorage({ [StorageKey.token]: token }, '/multisig');
    await page.waitForURL(/\/403$/, { timeout: 60_000 });
    await page.waitForLoadState('networkidle', { timeout: 60_000 });
    expect(queueCalls(calls)).toEqual([]);
    await page.context().close();
  });

  test('a revoked stored token on a deep link ends on sign-in, with no data read or shown', async () => {
    const token = await apiSignIn('merchantProManager');
    const revoked = await fetch(`${env.server.baseUrl}/api${ApiPath.auth.logout}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(revoked.status).toBe(200);
    const { page, calls } = await openWithStorage({ [StorageKey.token]: token }, '/multisig');
    await page.waitForURL(/\/login$/, { timeout: 60_000 });
    await expect
      .poll(() => page.getByRole('status').allTextContents(), { timeout: 60_000 })
      .toContainEqual(expect.stringContaining('Your session has expired or was signed out'));
    await page.waitForLoadState('networkidle', { timeout: 60_000 });
    expect(queueCalls(calls)).toEqual([]);
    expect(await page.evaluate(() => sessionStorage.getItem('sawRow'))).toBeNull();
    expect(await page.evaluate((key) => localStorage.getItem(key), StorageKey.token)).toBeNull();
    await page.context().close();
  });
});
