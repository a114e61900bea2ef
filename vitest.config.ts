import { configDefaults, defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { localeVersionsPlugin } from './build/localeVersions.ts';

// Three projects so the README's one test command runs them in the right order: unit (jsdom,
// msw), api (real server on a fresh PGlite, then on PostgreSQL), cluster (API processes on a
// PostgreSQL they restart). The e2e suite (built console in Chromium) runs on @playwright/test
// (playwright.config.ts).
export default defineConfig({
  plugins: [react(), localeVersionsPlugin('public/locales')],
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['tests/unit/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['tests/unit/setup.ts'],
          // One test may wait several times (each findBy/waitFor up to 5 s, tests/unit/setup.ts, or
          // its own `{ timeout }`; expect.poll 1 s unless it says otherwise) on a busy 2-core machine.
          // The rule: a test's time-out is at least 1.5 × the sum of the waits it makes one after the
          // other, counting the waits inside its helpers. A test whose waits add up to more than
          // 20 s sets its own (`it(…, 60_000)`) or its describe's (`{ timeout: 60_000 }`); raise the
          // time-out, never shorten a wait to fit.
          testTimeout: 30_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'api',
          include: ['tests/api/**/*.test.ts'],
          // A file about PostgreSQL alone (`*.postgres.test.ts`) runs only on PostgreSQL: not run, rather than skipped, on PGlite.
          exclude: [...configDefaults.exclude, ...(process.env.DATABASE_URL ? [] : ['tests/api/**/*.postgres.test.ts'])],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      {
        extends: true,
        test: {
          // API processes on a PostgreSQL cluster of the suite's own, which it stops and restarts
          // (tests/cluster/): real ports, real restarts, one file at a time.
          name: 'cluster',
          include: ['tests/cluster/**/*.test.ts'],
          environment: 'node',
          // Each wait inside is bounded at 120 s; a test holds a few of them.
          testTimeout: 600_000,
          hookTimeout: 180_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
