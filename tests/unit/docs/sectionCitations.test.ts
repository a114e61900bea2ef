import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * A comment that sends the reader to `docs/chains.md "The intent log"` must find that section: a
 * heading, or the bold name that opens a list item (`- **Sent once**`), whose text starts with the
 * quoted name (case aside). A heading naming two topics (`## A; b`) answers to either.
 */
const root = resolve(__dirname, '../../..');

const sources = execFileSync('git', ['ls-files', '-z', '--', 'src', 'server', 'tests'], { cwd: root, encoding: 'utf8' })
  .split('\0')
  .filter((path) => /\.(ts|tsx|js|mjs|sh)$/.test(path) && existsSync(resolve(root, path)));

/** The section names of a docs page, lower-cased. */
function sectionsOf(page: string): string[] {
  const text = readFileSync(resolve(root, page), 'utf8');
  const headings = [...text.matchAll(/^#+\s+(.+)$/gm)].map(([, heading]) => heading);
  const boldItems = [...text.matchAll(/^\s*(?:[-*]|\d+\.)\s+\*\*([^*]+)\*\*/gm)].map(([, name]) => name);
  return [...headings, ...boldItems].flatMap((name) => name.split(';')).map((name) => name.trim().toLowerCase());
}

const sections = new Map<string, string[]>();
const sectionsFor = (page: string): string[] => {
  if (!sections.has(page)) sections.set(page, existsSync(resolve(root, page)) ? sectionsOf(page) : []);
  return sections.get(page)!;
};

const names = (section: string, cited: string): boolean => section.startsWith(cited) && !/[\p{L}\p{N}]/u.test(section.charAt(cited.length));

/** Every docs page named with quoted section names after it, a comment wrapped over lines read as one line. */
function* citations(path: string): Generator<{ page: string; section: string }> {
  const text = readFileSync(resolve(root, path), 'utf8').replace(/\n\s*(?:\*|\/\/|#)\s*/g, ' ');
  for (const [, page, quoted] of text.matchAll(/(docs\/[\w.-]+\.md)((?:,? (?:and )?"[^"\n]+")+)/g)) {
    for (const [, section] of quoted.matchAll(/"([^"\n]+)"/g)) yield { page, section };
  }
}

describe('citations of docs sections', () => {
  it('finds citations to check', () => {
    const all = sources.flatMap((path) => [...citations(path)]);
    expect(all.length).toBeGreaterThan(100);
    expect(all).toContainEqual({ page: 'docs/chains.md', section: 'Nonce gaps' });
  });

  it('every cited section exists in its page', () => {
    const missing: string[] = [];
    for (const path of sources) {
      for (const { page, section } of citations(path)) {
        if (!sectionsFor(page).some((name) => names(name, section.toLowerCase()))) missing.push(`${path}: ${page} "${section}"`);
      }
    }
    expect(missing).toEqual([]);
  });
});
