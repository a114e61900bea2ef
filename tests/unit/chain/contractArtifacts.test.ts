// @vitest-environment node
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { artifactPath, compileContract, OWN_CONTRACTS } from '../../../server/chain/evm/contracts/compile';

describe('the platform contracts’ artifacts', () => {
  it.each(OWN_CONTRACTS)(
    '%s.json is what the pinned compiler makes of its source (run `npm run compile:contracts` after editing it)',
    (name) => {
      const committed = JSON.parse(readFileSync(artifactPath(name), 'utf8')) as unknown;
      expect(compileContract(name)).toEqual(committed);
    },
    60_000,
  );
});
