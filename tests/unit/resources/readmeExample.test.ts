import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROUTES } from '../../../src/access';
import { payLink } from '../../../src/resources/payLink';
import { resources } from '../../../src/resources';
import { routeMenu } from '../../../src/shell/menu/routeMenu';
import enTranslation from '../../../public/locales/en-US/translation.json';
import zhTranslation from '../../../public/locales/zh-CN/translation.json';

/**
 * README's "Adding a resource" is what a developer follows: its example is a real, typechecked
 * and evaluated declaration, and every key and file it names is one the code reads.
 */
// Vitest runs from the repository root (jsdom gives import.meta.url no file scheme).
const fromRoot = (file: string) => resolve(process.cwd(), file);
const readme = readFileSync(fromRoot('README.md'), 'utf8');
const section = readme.slice(readme.indexOf('## Adding a resource'));
const example = /```ts\n\/\/ (\S+)\n([\s\S]*?)```/.exec(section);

type Catalogue = Record<string, unknown>;
const has = (catalogue: Catalogue, key: string) =>
  typeof key.split('.').reduce<unknown>((node, part) => (node && typeof node === 'object' ? (node as Catalogue)[part] : undefined), catalogue) === 'string';

describe('README "Adding a resource"', () => {
  it('its example is the named source file, verbatim (so it typechecks and runs as written)', () => {
    expect(example, 'a ```ts block opening with // <path>').not.toBeNull();
    const [, path, code] = example!;
    expect(path).toBe('src/resources/payLink/index.ts');
    expect(code).toBe(readFileSync(fromRoot(path), 'utf8'));
  });

  it('the example is listed in src/resources/index.ts, on a route of the route table with a menu icon', () => {
    expect(resources).toContain(payLink);
    expect(ROUTES.map((r) => r.path)).toContain(payLink.path);
    expect(routeMenu[payLink.path]).toBeDefined();
  });

  it('names exactly the label keys the engine reads, and they exist in both languages', () => {
    const read = [payLink.menu.labelKey, `${payLink.nameKey}_one`, `${payLink.nameKey}_other`];
    for (const key of read) expect(section, key).toContain(`\`${key}\``);
    expect(section).toContain('resources.pay-link.fields.<source>');
    const fieldKeys = payLink.fields.map((f) => payLink.fieldKey(f.source));
    expect(fieldKeys.every((k) => k.startsWith('resources.pay-link.fields.'))).toBe(true);
    const named = [...section.matchAll(/`((?:menu|resources)\.pay-link[\w.-]*)`/g)].map((m) => m[1]);
    for (const key of [...read, ...fieldKeys, ...named]) {
      expect(has(enTranslation, key), `en-US ${key}`).toBe(true);
      expect(has(zhTranslation, key), `zh-CN ${key}`).toBe(true);
    }
  });

  it('names the files a developer edits, and they exist', () => {
    for (const file of ['src/access/routeTable.ts', 'src/shell/menu/routeMenu.tsx', 'src/access/menuRoutes.ts', 'src/resources/index.ts']) {
      expect(section).toContain(`\`${file}\``);
      expect(() => readFileSync(fromRoot(file))).not.toThrow();
    }
  });
});
