// @vitest-environment node
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import orgContact from '../../../src/resources/orgContact/resource';
import { checkDeclaration, checkSelfContained } from '../../../src/resources/engine/checkDeclaration';
import { DeclarationError } from '../../../src/resources/engine/declarationError';
import type { ResourceDeclaration } from '../../../src/resources/engine/types';
import { discoverDeclarations } from '../../../server/modules/declared/discover';

/** The README's example with one mistake made in it. */
const mistaken = (change: (d: Record<string, unknown>) => void): ResourceDeclaration => {
  const copy: Record<string, unknown> = {
    ...orgContact,
    route: { ...orgContact.route },
    api: { ...orgContact.api },
    list: { ...orgContact.list },
  };
  change(copy);
  return copy as unknown as ResourceDeclaration;
};
const FILE = 'src/resources/orgContact/resource.ts';

describe('a declaration mistake is a sentence naming the declaration and the fix (README "Adding a resource")', () => {
  it('the README example passes', () => {
    expect(() => checkSelfContained(orgContact, FILE)).not.toThrow();
  });

  it('a route group that does not exist', () => {
    const wrong = mistaken((d) => void ((d.route as Record<string, unknown>).group = 'everyone'));
    expect(() => checkSelfContained(wrong, FILE)).toThrow(DeclarationError);
    expect(() => checkSelfContained(wrong, FILE)).toThrow(
      /^resource 'org-contact': route group 'everyone' does not exist; use one of all, excludeLite, /,
    );
  });

  it('a route group missing, or a route of the table given by path only', () => {
    expect(() =>
      checkSelfContained(
        mistaken((d) => void (d.route = { path: '/org-contact' })),
        FILE,
      ),
    ).toThrow("resource 'org-contact': a self-contained declaration names its route group: route: {path, group}");
    expect(() =>
      checkSelfContained(
        mistaken((d) => void (d.route = '/network')),
        FILE,
      ),
    ).toThrow(/names its route group/);
  });

  it('sorting on a field that does not exist', () => {
    const wrong = mistaken((d) => void (d.list = { sort: { field: 'rank', order: 'ASC' } }));
    expect(() => checkDeclaration(wrong)).toThrow(
      /^resource 'org-contact': list\.sort names 'rank', which is not one of its fields; name one of id, name, role, email/,
    );
  });

  it('sorting on a field the server cannot sort by', () => {
    const wrong = mistaken((d) => void (d.list = { sort: { field: 'phone', order: 'ASC' } }));
    expect(() => checkDeclaration(wrong)).toThrow(
      "resource 'org-contact': list.sort names 'phone', which is not sortable; declare it with sortable: true",
    );
  });

  it('a self-contained declaration with no table', () => {
    const noApi = mistaken((d) => void delete d.api);
    expect(() => checkSelfContained(noApi, FILE)).toThrow(
      `resource 'org-contact': it declares no table; a self-contained declaration (${FILE}) is served by the generic service, so give it api: {table, tenancy} and its migration`,
    );
    const noTable = mistaken((d) => void delete (d.api as Record<string, unknown>).table);
    expect(() => checkDeclaration(noTable)).toThrow(
      "resource 'org-contact': api names no table; give it api: {table, tenancy} with the table its migration creates (server/db/migrations)",
    );
    const badTenancy = mistaken((d) => void ((d.api as Record<string, unknown>).tenancy = 'orgs'));
    expect(() => checkDeclaration(badTenancy)).toThrow("resource 'org-contact': api.tenancy 'orgs' is neither 'org' nor 'platform'");
  });

  it('a file whose default export is no declaration', () => {
    expect(() => checkSelfContained(undefined as unknown as ResourceDeclaration, FILE)).toThrow(
      `${FILE}: its default export is no declaration; export default declareResource({...})`,
    );
  });
});

describe("the server's discovery: every resource.ts is checked as it is read, before the database is touched", () => {
  const folders: string[] = [];
  afterAll(() => {
    for (const folder of folders) rmSync(folder, { recursive: true, force: true });
  });
  /** A resources folder holding one resource.ts with this default export. */
  const folderWith = (declaration: unknown): string => {
    const folder = mkdtempSync(join(tmpdir(), 'declared-'));
    folders.push(folder);
    mkdirSync(join(folder, 'thing'));
    writeFileSync(join(folder, 'thing', 'resource.ts'), `export default ${JSON.stringify(declaration)};\n`);
    return folder;
  };
  const plain = {
    name: 'thing',
    route: { path: '/thing', group: 'all' },
    icon: {},
    menuGroup: 'orgs',
    api: { table: 'thing', tenancy: 'org' },
    fields: [{ source: 'name', kind: 'text', sortable: true }],
  };

  it('a correct declaration is served', async () => {
    expect((await discoverDeclarations(folderWith(plain))).map((d) => d.name)).toEqual(['thing']);
  });

  it.each([
    [
      'a wrong route group',
      { ...plain, route: { path: '/thing', group: 'everyone' } },
      /^resource 'thing': route group 'everyone' does not exist/,
    ],
    [
      'an unknown sort field',
      { ...plain, list: { sort: { field: 'rank', order: 'ASC' } } },
      /^resource 'thing': list\.sort names 'rank', which is not one of its fields/,
    ],
    [
      'no table',
      { ...plain, api: undefined },
      /^resource 'thing': it declares no table; a self-contained declaration \(.*thing\/resource\.ts\)/,
    ],
  ])('%s stops it', async (_mistake, declaration, message) => {
    await expect(discoverDeclarations(folderWith(declaration))).rejects.toThrow(message);
  });
});
