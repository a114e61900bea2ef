import { defineConfig } from '@playwright/test';
import { chromiumLaunchOptions } from './tests/e2e/chromium';

// The e2e suite: the built console (dist/, `vite build` first) served by the real server, driven
// in Debian's Chromium. Each file starts a server of its own on a copy of the database the global
// setup migrated and seeded (tests/e2e/test.ts).
export default defineConfig({
  testDir: 'tests/e2e',
  testMatch: '*.test.ts',
  globalSetup: './tests/e2e/globalSetup.ts',
  // Tests of a file run in order on one server (they build on what the previous ones saved);
  // two files at a time: each holds a server and a browser, and CI is a busy 2-core machine.
  fullyParallel: false,
  workers: 2,
  forbidOnly: true,
  retries: 0,
  // A test's own ceiling; a test that waits longer sets its own (`test.setTimeout`).
  timeout: 120_000,
  // expect.poll waits up to 20 s for a page on a busy machine, well under the test's ceiling.
  expect: { timeout: 20_000 },
  reporter: 'list',
  outputDir: 'test-results/e2e',
  use: {
    browserName: 'chromium',
    launchOptions: chromiumLaunchOptions,
    // Playwright's own defaults outside the runner, which the tests were written against.
    actionTimeout: 30_000,
    navigationTimeout: 30_000,
    // A failed test keeps its trace (actions, DOM snapshots, network, console) under test-results/
    // (git-ignored); a passing test keeps nothing. No screencast: encoding a frame per paint costs
    // the busy machine more than the snapshots it duplicates.
    trace: { mode: 'retain-on-failure', screenshots: false },
    // The screenshots of a failed test's open pages come from tests/e2e/test.ts (failureScreenshots):
    // Playwright's 'only-on-failure' shoots every page as it closes, and a page in the background
    // may never answer.
    screenshot: 'off',
  },
});
