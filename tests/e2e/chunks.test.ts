import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from './test';
import { readManifest, staticClosure } from '../../bench/bundleSize';

/**
 * "Every screen its own chunk, loaded on first visit" (issue: app shell), checked on the
 * build the e2e tests drive: each screen module is a dynamic entry of Vite's manifest,
 * with a file of its own, and nothing the start-up or the console shell loads
 * statically pulls it in.
 */
const root = path.resolve(import.meta.dirname, '../..');
const rel = (file: string) => path.relative(root, file).split(path.sep).join('/');
const walk = (dir: string): string[] =>
  fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? walk(path.join(dir, e.name)) : [path.join(dir, e.name)]));

// The sign-in page is part of the entry on purpose: /login must not wait for a chunk.
const pages = walk(path.join(root, 'src/pages')).filter((f) => /Page\.tsx$/.test(f) && !f.endsWith('LoginPage.tsx'));
const generatedViews = walk(path.join(root, 'src/resources/engine/views')).filter((f) => /\/Generated\w+\.tsx$/.test(f));
// Views and parts of screens a resource declaration loads itself: `() => import('./MultisigQueue')`,
// in its index.ts, its resource.ts or a helper beside them (the reports' reportDeclaration.ts).
const declaredViews = walk(path.join(root, 'src/resources'))
  .filter((f) => f.endsWith('.ts'))
  .flatMap((f) => [...fs.readFileSync(f, 'utf8').matchAll(/import\('(\.\/\w+)'\)/g)].map((m) => path.join(path.dirname(f), `${m[1]}.tsx`)))
  .filter((f) => fs.existsSync(f));
const screens = [...pages, ...generatedViews, ...declaredViews, path.join(root, 'src/shell/brand/BrandEditor.tsx')].map(rel).sort();

test.describe('screen chunks in the build', () => {
  const manifest = readManifest();
  // The console's entry (checkout.html is the payer's pages' own, docs/payments.md "The checkout pages").
  const entry = Object.keys(manifest).find((k) => k === 'index.html' && manifest[k].isEntry);
  const shell = staticClosure(manifest, [entry ?? '', 'src/Console.tsx']);

  test('finds the screens it checks', () => {
    expect(entry).toBe('index.html');
    expect(screens).toEqual(
      expect.arrayContaining([
        'src/pages/home/HomePage.tsx',
        'src/resources/engine/views/GeneratedList.tsx',
        'src/resources/multisig/MultisigQueue.tsx',
      ]),
    );
  });

  for (const screen of screens) {
    test(`${screen} is a chunk of its own, loaded on demand`, () => {
      expect(manifest[screen]?.isDynamicEntry, `${screen} is not loaded on demand`).toBe(true);
      expect(shell.has(screen)).toBe(false);
      const sharing = Object.keys(manifest).filter((k) => k !== screen && manifest[k].file === manifest[screen].file);
      expect(sharing).toEqual([]);
    });
  }
});
