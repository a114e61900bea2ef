// @vitest-environment node
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { withConfigTable } from '../../../server/readmeConfig';

/** README.md's configuration table is the one server/env.ts makes: `npm run docs:config` rewrites it. */
describe("README's configuration table", () => {
  const readme = readFileSync(resolve(__dirname, '../../../README.md'), 'utf8');

  it('is what the environment schema says (run `npm run docs:config` after changing server/env.ts)', () => {
    expect(readme).toBe(withConfigTable(readme));
  });

  it('names every variable once, with a default and a meaning', () => {
    const rows = readme.split('\n').filter((line) => /^\| `[A-Z_]+` \|/.test(line));
    const names = rows.map((row) => row.split('|')[1].trim());
    expect(new Set(names).size).toBe(names.length);
    expect(names).toContain('`PORT`');
    for (const row of rows)
      expect(
        row
          .split('|')
          .slice(2, 4)
          .every((cell) => cell.trim() !== ''),
      ).toBe(true);
  });
});
