import { describe, expect, it } from 'vitest';
import { StorageKey } from '../../../src/contract/constants';
import { EARLY_TOKEN_KEY, earlyConsole } from '../../../src/startup/earlyConsole';

/** The early console request (docs/console.md "The first load") imports nothing, so it names the token's key itself. */
describe('earlyConsole', () => {
  it('reads the stored token under the key the session stores it under', () => {
    expect(EARLY_TOKEN_KEY).toBe(StorageKey.token);
  });

  it('requests nothing without a stored token', () => {
    expect(earlyConsole).toBeNull();
  });
});
