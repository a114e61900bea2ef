import fs from 'node:fs';
import path from 'node:path';

/** Reading public/locales the way the key tests need it: as files, so a test sees what ships. */
export type Catalogue = Record<string, unknown>;

export const repoRoot = path.resolve(import.meta.dirname, '../../..');

export const readCatalogue = (lng: string, ns: string): Catalogue =>
  JSON.parse(fs.readFileSync(path.join(repoRoot, 'public/locales', lng, `${ns}.json`), 'utf8')) as Catalogue;

export const flatValues = (catalogue: Catalogue, prefix = ''): [string, string][] =>
  Object.entries(catalogue).flatMap(([k, v]) =>
    v && typeof v === 'object' ? flatValues(v as Catalogue, `${prefix}${k}.`) : [[`${prefix}${k}`, String(v)] as [string, string]],
  );

/** A key that resolves to a non-empty text (dots walk the nesting, as both i18next and the server's lookup do). */
export const hasText = (catalogue: Catalogue, key: string): boolean => {
  const value = key
    .split('.')
    .reduce<unknown>((node, part) => (node && typeof node === 'object' ? (node as Catalogue)[part] : undefined), catalogue);
  return typeof value === 'string' && value !== '';
};

/** The text of every .ts/.tsx file under a folder of the repository. */
export function sourcesUnder(folder: string): string[] {
  const texts: string[] = [];
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (/\.(ts|tsx)$/.test(entry.name)) texts.push(fs.readFileSync(full, 'utf8'));
    }
  };
  walk(path.join(repoRoot, folder));
  return texts;
}
