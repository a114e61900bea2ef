import { expect, test } from './test';
import type { Page } from 'playwright-core';
import { e2eEnvironment, signIn } from './harness';
import { routesFor, ROLES } from '../../src/access';

const env = e2eEnvironment();

/** Every Content-Security-Policy violation of the page, kept where the test can read it. */
async function recordViolations(page: Page) {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { cspViolations: string[] }).cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (event) => seen.push(`${event.violatedDirective} ${event.blockedURI}`));
  });
}
const violations = (page: Page) => page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations);

test.describe('the console under its Content-Security-Policy', () => {
  test('every screen of the operator’s menu works without one violation', async () => {
    test.setTimeout(180_000);
    const page = await env.browser.newPage();
    await recordViolations(page);
    await signIn(page, env.server.baseUrl, 'superAdmin');
    for (const route of routesFor(ROLES.superAdmin)) {
      await page.goto(`${env.server.baseUrl}${route.path}`);
      // The screen is drawn: its menu entry is there and the loading screen has gone.
      await page.getByRole('menuitem', { name: 'Home' }).waitFor();
      await expect.poll(() => page.getByText('Loading...').count(), { timeout: 20_000 }).toBe(0);
      expect(await violations(page), route.path).toEqual([]);
    }
    await page.close();
  });

  test('a script injected into the page does not run', async () => {
    const page = await env.browser.newPage();
    await recordViolations(page);
    await signIn(page, env.server.baseUrl, 'superAdmin');
    await page.evaluate(() => {
      const script = document.createElement('script');
      script.textContent = 'window.injectedRan = true';
      document.body.appendChild(script);
      const remote = document.createElement('script');
      remote.src = 'https://evil.example/steal.js';
      document.body.appendChild(remote);
    });
    await expect.poll(() => violations(page)).toEqual(expect.arrayContaining([expect.stringMatching(/^script-src/)]));
    expect(await page.evaluate(() => (window as unknown as { injectedRan?: boolean }).injectedRan)).toBeUndefined();
    await page.close();
  });
});
