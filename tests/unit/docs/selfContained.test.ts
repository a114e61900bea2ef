import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The repository stands alone: code, tests and docs point at its own pages under docs/, never at
 * a specification kept elsewhere, and every docs page they name exists.
 */
const root = resolve(__dirname, '../../..');
const self = 'tests/unit/docs/selfContained.test.ts';

const tracked = execFileSync('git', ['ls-files', '-z', '--', 'src', 'server', 'tests', 'bench', 'docs', 'README.md', 'BENCHMARKS.md'], {
  cwd: root,
  encoding: 'utf8',
})
  .split('\0')
  .filter((path) => path !== '' && path !== self && /\.(ts|tsx|js|mjs|md|sh|json|sql)$/.test(path) && existsSync(resolve(root, path)));

/** Each line of each tracked file, as `path:line: text`. */
function* lines(): Generator<{ where: string; text: string }> {
  for (const path of tracked) {
    const content = readFileSync(resolve(root, path), 'utf8');
    const split = content.split('\n');
    for (let i = 0; i < split.length; i++) yield { where: `${path}:${i + 1}`, text: split[i] };
  }
}

const OUTSIDE_SPEC = [/\bSPEC\b/, /SPEC\.md/i, /\bSPEC [AB]\d/i, /DESIGN\.md/, /\/work\/shared\b/];

describe('the repository is self-contained', () => {
  it('finds files to check', () => {
    expect(tracked).toContain('src/contract/envelope.ts');
    expect(tracked).toContain('docs/api.md');
  });

  it('cites no specification outside the repository', () => {
    const citations = [...lines()]
      .filter(({ text }) => OUTSIDE_SPEC.some((pattern) => pattern.test(text)))
      .map(({ where, text }) => `${where}: ${text.trim()}`);
    expect(citations).toEqual([]);
  });

  it('names only docs pages that exist', () => {
    const missing: string[] = [];
    for (const { where, text } of lines()) {
      for (const [page] of text.matchAll(/docs\/[\w-]+\.md/g)) {
        if (!existsSync(resolve(root, page))) missing.push(`${where}: ${page}`);
      }
    }
    expect(missing).toEqual([]);
  });

  it('links between docs pages resolve', () => {
    const broken: string[] = [];
    for (const { where, text } of lines()) {
      if (!where.startsWith('docs/')) continue;
      for (const [, target] of text.matchAll(/\]\(([^)#\s]+\.md)(?:#[^)]*)?\)/g)) {
        if (!existsSync(resolve(root, 'docs', target))) broken.push(`${where}: ${target}`);
      }
    }
    expect(broken).toEqual([]);
  });
});
