import { describe, expect, it } from 'vitest';
import { DEFAULT_LANGUAGE, REQUEST_TIMEOUT_MS } from '../../../src/contract/constants';

/**
 * Fixed values of docs/console.md that no other test states as a literal. The rest are pinned where they act:
 * storage keys 'token' (console/authProvider), 'i18nextLng' (i18n/detection), 'lastChainObj'
 * (console/sessionStore), 'brand-config' (shell/brand); toast auto-close 3000 (shell/toast);
 * chunk time-out 120 000 (shell/lazyScreen); 5 translation retries from 350 ms (i18n/loading);
 * the request time-out also by its behaviour (dataProvider/httpClient).
 */
describe('console constants', () => {
  it('a request times out after 30 000 ms', () => {
    expect(REQUEST_TIMEOUT_MS).toBe(30_000);
  });

  it('the default language is en-US', () => {
    expect(DEFAULT_LANGUAGE).toBe('en-US');
  });
});
