import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// findBy*/waitFor wait on a condition; their 1 s default is too short when lazy screens
// load on a busy 2-core CI machine. A longer ceiling costs nothing when the condition holds.
configure({ asyncUtilTimeout: 5000 });

// Vitest runs without globals, so testing-library cannot register its own cleanup.
afterEach(() => {
  cleanup();
  // Server-side files (`// @vitest-environment node`) have no storage to clear.
  globalThis.localStorage?.clear();
});
