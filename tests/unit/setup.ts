import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// findBy*/waitFor wait on a condition; their 1 s default is too short when lazy screens
// load on a busy 2-core CI machine: a file's first mount transforms and imports its screen's
// modules, seen taking over 6 s with the unit and API projects running side by side. A longer
// ceiling costs nothing when the condition holds; it stays well under the test's own 30 s.
configure({ asyncUtilTimeout: 15_000 });

// Vitest runs without globals, so testing-library cannot register its own cleanup.
afterEach(() => {
  cleanup();
  // Server-side files (`// @vitest-environment node`) have no storage to clear.
  globalThis.localStorage?.clear();
});
