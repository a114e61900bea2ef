import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { axeViolations } from './axe';
import { e2eEnvironment, signIn } from './harness';

const env = e2eEnvironment();

/** Issue 33 items 8 and 9: words for people, not developers, and a layout that holds at 1440 and 390 px. */
async function settle(page: Page, url: string) {
  await page.goto(url, { waitUntil: 'networkidle' });
  await page.locator('#main-content table, #main-content .RaSimpleList-root, [data-testid="resource-empty"]').first().waitFor();
  await page.waitForLoadState('networkidle');
}

describe('words and layout', () => {
  it('at 1440 px wallet kinds read as words, the app bar logo is the light one, and the title focused after navigation has no ring', async () => {
    const page = await env.browser.newPage({ viewport: { width: 1440, height: 900 } });
    await signIn(page, env.server.baseUrl, 'superAdmin');
    await settle(page, `${env.server.baseUrl}/aggregate`);
    const main = page.locator('#main-content');
    await expect.poll(() => main.innerText(), { timeout: 10_000 }).toMatch(/Hot wallet|Cold wallet|\(Safe\)/);
    expect(await main.innerText()).not.toMatch(/MultiSig(Cold|Hot)/);

    // The logo on the blue bar is the brand's dark-mode (light-coloured) variant.
    expect(await page.getByTestId('app-bar-logo').getAttribute('src')).toMatch(/logo-dark/);

    // Focus moves to the title after navigation (for keyboard and screen reader users), without a drawn ring.
    await page.getByRole('menuitem', { name: /^Home$/ }).first().click();
    await page.waitForURL(/\/home$/);
    await expect.poll(() => page.evaluate(() => document.activeElement?.id), { timeout: 10_000 }).toBe('react-admin-title');
    expect(await page.evaluate(() => getComputedStyle(document.activeElement as Element).outlineStyle)).toBe('none');

    await settle(page, `${env.server.baseUrl}/aggregate`);
    expect(await axeViolations(page, '/aggregate at 1440')).toEqual([]);
    await page.close();
  }, 120_000);

  it('at 390 px the ledger rows carry their currency beside the amount', async () => {
    const page = await env.browser.newPage({ viewport: { width: 390, height: 844 } });
    await signIn(page, env.server.baseUrl, 'superAdmin');
    await page.goto(`${env.server.baseUrl}/asset-flow`, { waitUntil: 'networkidle' });
    // The phone rows: an amount then its ticker ("-5.00 USDC", "0.23395 ETH"), not a bare number.
    const firstRow = page.locator('#main-content li').filter({ hasText: /\d\.\d+/ }).first();
    await expect.poll(() => firstRow.innerText().catch(() => ''), { timeout: 30_000 }).toMatch(/\d\.\d+\s+[A-Z][A-Z0-9]{1,9}\b/);
    await page.waitForLoadState('networkidle');
    expect(await axeViolations(page, '/asset-flow at 390')).toEqual([]);
    await page.close();
  }, 120_000);
});
