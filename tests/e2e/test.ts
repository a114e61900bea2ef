import { test as base, expect } from '@playwright/test';
import type { Browser } from 'playwright-core';
import { startServer, type RunningServer } from './serverProcess';

/** Where the global setup (globalSetup.ts) tells the workers its migrated and seeded template is. */
export const TEMPLATE_DIR_VAR = 'E2E_TEMPLATE_DIR';

/**
 * The e2e files' `test` and `expect` (@playwright/test, configured in playwright.config.ts).
 * `browser` is the runner's worker-scoped one (Debian's Chromium, traced on failure); the
 * server is not a worker fixture because each file keeps a server and a database of its own
 * (a worker runs several files, and tests count and change the rows they find).
 */
export const test = base.extend<{ failureScreenshots: void }>({
  // A failed test keeps a screenshot of each page still open. Not Playwright's `screenshot:
  // 'only-on-failure'`: that one also shoots every page as it closes, in case the test fails later,
  // and Chromium may never answer for a page in the background (a second page opened after it).
  failureScreenshots: [
    async ({ browser }, use, testInfo) => {
      await use();
      if (testInfo.status === testInfo.expectedStatus) return;
      let n = 0;
      for (const page of browser.contexts().flatMap((context) => context.pages())) {
        n += 1;
        try {
          await page.bringToFront();
          await testInfo.attach(`screenshot-${n}`, { body: await page.screenshot({ timeout: 5_000 }), contentType: 'image/png' });
        } catch {
          // The trace has the page's DOM snapshots; a page that cannot be shot any more adds nothing.
        }
      }
    },
    { auto: true },
  ],
});
export { expect };

/** One real server (with `extraEnv` added to its environment) for the calling test file, and the worker's browser. */
export function e2eEnvironment(extraEnv: Record<string, string> = {}): { server: RunningServer; browser: Browser } {
  const env = {} as { server: RunningServer; browser: Browser };
  // The file's tests build on one another: after a failure the rest do not run (a new worker would
  // start them on a fresh server, failing for a reason that is not theirs).
  test.describe.configure({ mode: 'serial' });
  test.beforeAll(async ({ browser }) => {
    // Copying the template and starting a server takes long on a busy 2-core machine.
    test.setTimeout(180_000);
    const template = process.env[TEMPLATE_DIR_VAR];
    if (!template) throw new Error(`${TEMPLATE_DIR_VAR} is unset: run the e2e tests with \`playwright test\` (playwright.config.ts)`);
    // Its own copy of the seeded database.
    env.server = await startServer(extraEnv, template);
    env.browser = browser;
  });
  test.afterAll(async () => {
    test.setTimeout(180_000);
    await env.server?.stop();
  });
  return env;
}
