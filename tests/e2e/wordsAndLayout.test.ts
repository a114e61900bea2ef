import { expect, test } from './test';
import type { Locator, Page } from 'playwright-core';
import { axeViolations } from './axe';
import { apiAs, e2eEnvironment, signedInPage } from './harness';
import { resourcePaths } from '../../src/contract/apiPaths';
import orgContact from '../../src/resources/orgContact/resource';

const env = e2eEnvironment();

/** Issue 33 items 8 and 9: words for people, not developers, and a layout that holds at 1440 and 390 px. */
async function settle(page: Page, url: string) {
  await page.goto(url, { waitUntil: 'networkidle' });
  await page.locator('#main-content table, #main-content .RaSimpleList-root, [data-testid="resource-empty"]').first().waitFor();
  await page.waitForLoadState('networkidle');
}

/**
 * The words of `root`'s text that a line break cuts in two ("U SDT", "2 026"): each word's text
 * range should draw as one box. Hashes and addresses (`0x…`, long runs) may break: they cannot fit.
 */
function brokenWords(root: Element): string[] {
  const broken: string[] = [];
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const text = node.textContent ?? '';
    for (const match of text.matchAll(/\S+/g)) {
      const word = match[0];
      if (word.startsWith('0x') || word.length > 24) continue;
      const range = document.createRange();
      range.setStart(node, match.index);
      range.setEnd(node, match.index + word.length);
      const lines = new Set([...range.getClientRects()].filter((rect) => rect.width > 0).map((rect) => Math.round(rect.top)));
      if (lines.size > 1) broken.push(word);
    }
  }
  return broken;
}

/** Elements under `root` that are cut at the right: wider than their box, or past the viewport's edge. */
function cutAtRight(root: Element): string[] {
  const cut: string[] = [];
  for (const element of [root, ...root.querySelectorAll('table, td, th')]) {
    const box = element.getBoundingClientRect();
    if (element.scrollWidth > element.clientWidth + 1 || box.right > window.innerWidth + 1)
      cut.push(`${element.tagName} ${(element.textContent ?? '').slice(0, 40)}`);
  }
  return cut;
}

const DESKTOP = { width: 1440, height: 900 };
const PHONE = { width: 390, height: 844 };

/** Focus moves to the title after navigation (for keyboard and screen reader users), without a drawn ring. */
async function expectTitleFocusedAfterHome(page: Page) {
  await page
    .getByRole('menuitem', { name: /^Home$/ })
    .first()
    .click();
  await page.waitForURL(/\/home$/);
  await expect.poll(() => page.evaluate(() => document.activeElement?.id), { timeout: 10_000 }).toBe('react-admin-title');
  expect(await page.evaluate(() => getComputedStyle(document.activeElement as Element).outlineStyle)).toBe('none');
}

/** Opens the first order among `rows` (its number starts with PAY) in the drawer, and checks the drawer's words are whole. */
async function openOrderDrawerWordsWhole(page: Page, rows: Locator): Promise<Locator> {
  await rows.filter({ hasText: 'PAY' }).first().click();
  const drawer = page.getByTestId('order-drawer');
  await drawer.getByTestId('order-ledger').waitFor({ timeout: 30_000 });
  expect(await drawer.evaluate(brokenWords)).toEqual([]);
  return drawer;
}

test.describe('words and layout', () => {
  test('at 1440 px wallet kinds read as words, the app bar logo is the light one, and the title focused after navigation has no ring', async () => {
    test.setTimeout(120_000);
    const page = await signedInPage(env, 'superAdmin', { viewport: DESKTOP });
    await settle(page, `${env.server.baseUrl}/aggregate`);
    const main = page.locator('#main-content');
    await expect.poll(() => main.innerText(), { timeout: 10_000 }).toMatch(/Hot wallet|Cold wallet|\(Safe\)/);
    expect(await main.innerText()).not.toMatch(/MultiSig(Cold|Hot)/);

    // The contract addresses' columns name the same kinds in the same words.
    await settle(page, `${env.server.baseUrl}/contract-address`);
    await expect.poll(() => main.locator('thead').innerText(), { timeout: 10_000 }).toContain('Multisig cold (Safe)');
    expect(await main.locator('thead').innerText()).not.toMatch(/MultiSig|\bHot\b(?! wallet)/);

    // The logo on the blue bar is the brand's dark-mode (light-coloured) variant.
    expect(await page.getByTestId('app-bar-logo').getAttribute('src')).toMatch(/logo-dark/);

    await expectTitleFocusedAfterHome(page);

    await settle(page, `${env.server.baseUrl}/aggregate`);
    expect(await axeViolations(page, '/aggregate at 1440')).toEqual([]);
    await page.close();
  });

  test('at 390 px the ledger rows carry their currency beside the amount', async () => {
    test.setTimeout(120_000);
    const page = await signedInPage(env, 'superAdmin', { viewport: PHONE });
    await page.goto(`${env.server.baseUrl}/asset-flow`, { waitUntil: 'networkidle' });
    // The phone rows: an amount then its ticker ("-5.00 USDC", "0.23395 ETH"), not a bare number.
    const firstRow = page
      .locator('#main-content li')
      .filter({ hasText: /\d\.\d+/ })
      .first();
    await expect.poll(() => firstRow.innerText().catch(() => ''), { timeout: 30_000 }).toMatch(/\d\.\d+\s+[A-Z][A-Z0-9]{1,9}\b/);
    await page.waitForLoadState('networkidle');
    expect(await axeViolations(page, '/asset-flow at 390')).toEqual([]);
    await page.close();
  });

  test('at 390 px focus after navigation lands on the title without a ring, and the report totals and the order drawer fit the phone, words whole', async () => {
    test.setTimeout(120_000);
    const page = await signedInPage(env, 'superAdmin', { viewport: PHONE });
    await page.goto(`${env.server.baseUrl}/aggregate`, { waitUntil: 'networkidle' });
    await page.locator('#main-content li').first().waitFor();
    await page
      .getByRole('button', { name: /open menu|menu/i })
      .first()
      .click();
    await expectTitleFocusedAfterHome(page);

    // The totals: one small table per currency, none cut at the right.
    await page.goto(`${env.server.baseUrl}/payment-report`, { waitUntil: 'networkidle' });
    const totals = page.getByTestId('report-totals-phone');
    await expect.poll(() => totals.locator('table').count(), { timeout: 30_000 }).toBeGreaterThan(0);
    expect(await totals.evaluate(cutAtRight)).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

    // An order's drawer: words whole ("USDT", "2026"), only hashes and addresses may break.
    const drawer = await openOrderDrawerWordsWhole(page, page.locator('#main-content li'));
    expect(await drawer.evaluate(cutAtRight)).toEqual([]);
    expect(await axeViolations(page, 'order drawer at 390')).toEqual([]);

    // The account's sessions: each row, Revoke included, fits the phone (nothing to scroll sideways to).
    await page.goto(`${env.server.baseUrl}/account`, { waitUntil: 'networkidle' });
    const sessions = page.getByRole('table', { name: 'Sessions' });
    await expect.poll(() => sessions.locator('tbody tr').count(), { timeout: 30_000 }).toBeGreaterThan(0);
    expect(await sessions.locator('xpath=..').evaluate(cutAtRight)).toEqual([]);
    await expect.poll(() => sessions.getByRole('button', { name: 'Revoke' }).first().isVisible()).toBe(true);
    await page.close();
  });

  test('at 1440 px the order drawer keeps words whole, the policy rule\u2019s network reads "Every network", and the audit log names one record in the singular', async () => {
    test.setTimeout(120_000);
    const page = await signedInPage(env, 'merchantProManager', { viewport: DESKTOP });
    await page.goto(`${env.server.baseUrl}/payment-report`, { waitUntil: 'networkidle' });
    const drawer = await openOrderDrawerWordsWhole(page, page.locator('#main-content tbody tr'));
    await page.keyboard.press('Escape');
    await expect.poll(() => drawer.count()).toBe(0);

    // A new policy rule: its network field is labelled "Network" and its blank choice says every network, not every currency.
    await page.goto(`${env.server.baseUrl}/policy`, { waitUntil: 'networkidle' });
    await page.getByRole('button', { name: /add a rule/i }).click();
    const network = page.getByRole('combobox', { name: /^Network/ }).first();
    await expect.poll(() => network.textContent(), { timeout: 10_000 }).toBe('Every network');
    expect(await page.locator('#main-content').innerText()).not.toContain('Every currency');

    // One contact created: the audit log's row and drawer name "Contact", not "Contacts".
    const call = await apiAs(env.server.baseUrl, 'merchantProManager');
    const saved = await call(resourcePaths(orgContact.name).save, {
      name: 'Words and layout',
      role: 'security',
      email: 'words@example.com',
      outOfHours: false,
    });
    expect(saved.code).toBe(200);
    await page.goto(`${env.server.baseUrl}/audit-log`, { waitUntil: 'networkidle' });
    const row = page.locator('#main-content tbody tr').filter({ hasText: 'Contact' }).first();
    await expect.poll(() => row.innerText(), { timeout: 30_000 }).toMatch(/Created\s+Contact\b/);
    expect(await row.innerText()).not.toContain('Contacts');
    await row.click();
    await expect
      .poll(() => page.getByTestId('audit-event').getByRole('heading', { level: 2 }).textContent())
      .toMatch(/^Created · Contact #\d+$/);
    await page.close();
  });
});
