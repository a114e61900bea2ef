// @vitest-environment node
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { compileDevnetToken } from '../../../server/chain/evm/contracts/compile';

describe('the devnet token artifact', () => {
  it('is what the pinned compiler makes of DevnetToken.sol (run `npm run compile:contracts` after editing it)', () => {
    const committed = JSON.parse(readFileSync(new URL('../../../server/chain/evm/contracts/DevnetToken.json', import.meta.url), 'utf8')) as unknown;
    expect(compileDevnetToken()).toEqual(committed);
  }, 60_000);
});
