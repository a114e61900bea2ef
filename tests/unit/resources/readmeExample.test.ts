import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { guardedRoutes } from '../../../src/access';
import { resources } from '../../../src/resources';
import { declaredResources } from '../../../src/resources/declared';
import type { ResourceDeclaration } from '../../../src/resources/engine';
import { checkSelfContained } from '../../../src/resources/engine/checkDeclaration';
import orgContact from '../../../src/resources/orgContact/resource';
import { entryOf } from '../../../src/shell/menu/AppMenu';

/**
 * README's "Adding a resource" is what a developer follows: its blocks are the real files (so they
 * typecheck, and the API, unit and e2e tests of org contacts run them), the mistakes it quotes are
 * the engine's own sentences, and every file it names exists.
 */
// Vitest runs from the repository root (jsdom gives import.meta.url no file scheme).
const fromRoot = (file: string) => resolve(process.cwd(), file);
const readme = readFileSync(fromRoot('README.md'), 'utf8');
const section = readme.slice(
  readme.indexOf('## Adding a resource'),
  readme.indexOf('\n## ', readme.indexOf('## Adding a resource') + 5) >>> 0 || undefined,
);
const blocks = [...section.matchAll(/```ts\n\/\/ (\S+)\n([\s\S]*?)```/g)].map((m) => ({ path: m[1], code: m[2] }));

describe('README "Adding a resource"', () => {
  it('shows the declaration and its migration, each the named file verbatim', () => {
    expect(blocks.map((b) => b.path)).toEqual(['src/resources/orgContact/resource.ts', 'server/db/migrations/023_org_contact.ts']);
    for (const { path, code } of blocks) expect(code, path).toBe(readFileSync(fromRoot(path), 'utf8'));
  });

  it('the declaration is found without a list: a console resource on its own guarded route, with its menu entry', () => {
    expect(declaredResources).toContain(orgContact);
    const resource = resources.find((r) => r.name === 'org-contact');
    expect(resource?.path).toBe('/org-contact');
    expect(guardedRoutes()).toContainEqual(expect.objectContaining({ path: '/org-contact', group: 'all' }));
    expect(entryOf('/org-contact')).toMatchObject({ group: 'orgs' });
  });

  it('quotes the engine’s own sentences for a declaration mistake', () => {
    const mistake = (change: Partial<ResourceDeclaration>) => {
      try {
        // As the server reads the file: the checks defineResource makes, and those of a self-contained file.
        checkSelfContained({ ...orgContact, ...change } as ResourceDeclaration, 'src/resources/orgContact/resource.ts');
      } catch (error) {
        return (error as Error).message;
      }
      return 'no error';
    };
    const quoted = [...section.matchAll(/"(resource 'org-contact': [^"]*?)(?:…|")/g)].map((m) =>
      m[1].replace(/\s+/g, ' ').replace(/[ ,;]+$/, ''),
    );
    const made = [
      mistake({ route: { path: '/org-contact', group: 'everyone' as never } }),
      mistake({ fields: [...orgContact.fields, { source: 'wallet', kind: 'reference', reference: 'chain' }] }),
      mistake({ list: { sort: { field: 'rank', order: 'ASC' } } }),
      mistake({ api: undefined }),
    ];
    expect(quoted).toHaveLength(4);
    quoted.forEach((sentence, i) => expect(made[i].startsWith(sentence), `${made[i]}\n  does not start with\n${sentence}`).toBe(true));
  });

  it('names files that exist', () => {
    const files = [...section.matchAll(/`((?:src|server|tests|docs|public)\/[\w./-]+\.(?:ts|tsx|md))`/g)].map((m) => m[1]);
    expect(files.length).toBeGreaterThan(8);
    for (const file of files) expect(() => readFileSync(fromRoot(file)), file).not.toThrow();
  });
});
