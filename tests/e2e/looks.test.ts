import { expect, test } from './test';
import type { Browser, Page } from 'playwright-core';
import { canAccess, ROLES, ROUTES, type RoleName } from '../../src/access';
import { e2eEnvironment, signIn } from './harness';

const env = e2eEnvironment();

/** Who opens a screen: superAdmin where it may, else the merchant or agent role its route is for. */
const OPENERS: RoleName[] = ['superAdmin', 'merchantProManager', 'merchantStdManager', 'merchantLiteManager', 'agentManager'];

/** Every screen of the route table (the lists, and the pages between them), with the role that opens it. */
const screens = ROUTES.map((r) => ({ path: r.path, role: OPENERS.find((role) => canAccess(ROLES[role], r.path)) }));

/** Loaded: rows (table or phone list), the empty state, or a page's cards, with no request still running. */
async function openScreen(page: Page, url: string) {
  await page.goto(url, { waitUntil: 'networkidle' });
  await page
    .locator('#main-content table, #main-content .RaSimpleList-root, [data-testid="resource-empty"], #main-content .MuiCard-root')
    .first()
    .waitFor();
  await page.waitForLoadState('networkidle');
}

/** What scrolls sideways now, the page or a list table, in words; run in the page. */
const overflowNow = () => {
  const found: string[] = [];
  const { scrollWidth } = document.documentElement;
  if (scrollWidth > window.innerWidth) found.push(`page ${scrollWidth} > ${window.innerWidth}`);
  for (const t of document.querySelectorAll('.RaDatagrid-root, .RaDataTable-root'))
    if (t.scrollWidth > t.clientWidth) found.push(`table ${t.scrollWidth} > ${t.clientWidth}`);
  return found;
};

/**
 * What still scrolls sideways on the screen once it has settled: read again (up to 5 s) until
 * nothing does, since a screen's rows and the labels of their references arrive in several
 * answers and on a busy machine the network can be idle while React still renders between them.
 * What overflows after the wait is reported.
 */
async function overflowOf(page: Page, path: string): Promise<string[]> {
  await expect
    .poll(() => page.evaluate(overflowNow), { timeout: 5_000 })
    .toEqual([])
    .catch(() => undefined);
  // Read once more outside the wait, so a reading that fails is a failure, never "nothing overflows".
  return (await page.evaluate(overflowNow)).map((o) => `${path}: ${o}`);
}

/** Signs the role in, in a page of the given size, and visits each of its screens. */
async function visitAll(
  browser: Browser,
  baseUrl: string,
  role: RoleName,
  viewport: { width: number; height: number },
  visit: (page: Page, path: string) => Promise<void>,
) {
  const page = await browser.newPage({ viewport });
  await signIn(page, baseUrl, role);
  for (const { path } of screens.filter((s) => s.role === role)) await visit(page, path);
  await page.close();
}

test.describe('every screen fits the window', () => {
  test('every screen of the route table has a role here that opens it', () => {
    expect(screens.filter((s) => s.role === undefined).map((s) => s.path)).toEqual([]);
  });

  // One test per role, so each stays well inside its time limit on a busy machine (about 20
  // screens, each with its waits, as in accessibility.test.ts).
  for (const role of OPENERS) {
    test(`at 1280x800 no screen of ${role} scrolls sideways, and every list table fits its card (addresses shortened, detail-only columns on the record page)`, async () => {
      test.setTimeout(300_000);
      const overflowing: string[] = [];
      await visitAll(env.browser, env.server.baseUrl, role, { width: 1280, height: 800 }, async (page, path) => {
        await openScreen(page, `${env.server.baseUrl}${path}`);
        overflowing.push(...(await overflowOf(page, path)));
      });
      expect(overflowing).toEqual([]);
    });
  }

  for (const role of OPENERS) {
    test(`at 390x844 (a phone) no screen of ${role} scrolls sideways, and lists are one-column rows, not tables`, async () => {
      test.setTimeout(300_000);
      const overflowing: string[] = [];
      await visitAll(env.browser, env.server.baseUrl, role, { width: 390, height: 844 }, async (page, path) => {
        await openScreen(page, `${env.server.baseUrl}${path}`);
        overflowing.push(...(await overflowOf(page, path)));
        if ((await page.locator('.RaDatagrid-root, .RaDataTable-root').count()) > 0) overflowing.push(`${path}: a table on a phone`);
      });
      expect(overflowing).toEqual([]);
    });
  }
});

test.describe('the app bar on a phone', () => {
  test('offers the chain and org selectors at a readable width, and they switch', async () => {
    const page = await env.browser.newPage({ viewport: { width: 390, height: 844 } });
    await signIn(page, env.server.baseUrl, 'multiOrg');
    const panel = page.getByRole('dialog', { name: 'Chain and organisation' });
    const open = async () => {
      await page.getByRole('button', { name: 'Chain and organisation' }).click();
      await panel.waitFor();
    };
    await open();
    for (const name of ['Chain', 'Organisation']) {
      const box = await panel.getByRole('combobox', { name }).boundingBox();
      expect(box?.width).toBeGreaterThanOrEqual(100);
    }
    const org = panel.getByRole('combobox', { name: 'Organisation' });
    const before = await org.textContent();
    const other = before?.includes('Delta Exchange') ? 'Birch Goods' : 'Delta Exchange';
    await org.click();
    await page.getByRole('option', { name: other }).click();
    // The panel closes on a choice; the new org is the selected one.
    await panel.waitFor({ state: 'hidden' });
    await open();
    await expect.poll(() => panel.getByRole('combobox', { name: 'Organisation' }).textContent()).toContain(other);
    await panel.getByRole('combobox', { name: 'Chain' }).click();
    await page.getByRole('option', { name: 'TRON' }).click();
    await panel.waitFor({ state: 'hidden' });
    await expect.poll(() => page.evaluate(() => JSON.parse(localStorage.getItem('lastChainObj') ?? '{}').name)).toBe('TRON');
    await open();
    expect(await panel.getByRole('combobox', { name: 'Chain' }).textContent()).toContain('TRON');
    await page.close();
  });
});
