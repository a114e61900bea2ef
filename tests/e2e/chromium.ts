import type { LaunchOptions } from 'playwright-core';

/**
 * Debian's Chromium (the `chromium` package .ci/run installs), headless: no browser is
 * downloaded. Used by playwright.config.ts for the e2e runner's `browser` and by the bench.
 */
export const chromiumLaunchOptions: LaunchOptions = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  headless: true,
  args: [
    '--no-sandbox',
    '--disable-gpu',
    // /dev/shm is small in containers; Chromium writes its shared memory to /tmp instead.
    '--disable-dev-shm-usage',
    '--disable-quic',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
  ],
};
