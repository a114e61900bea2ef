import { existsSync, readdirSync, statSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { dirname, join } from 'node:path';

const MODULES = dirname(fileURLToPath(import.meta.url));

/** The two files of a module folder the server reads by name (docs/DECISIONS.md "One declaration per resource"). */
export type ModuleFileName = 'routes' | 'service';

/** Every folder of server/modules, sorted: the order modules register in. */
export function moduleFolders(): string[] {
  return readdirSync(MODULES)
    .filter((name) => statSync(join(MODULES, name)).isDirectory())
    .sort();
}

/**
 * `server/modules/<folder>/<name>.ts`'s exports, or undefined when the folder has no such file.
 * The one place a module file is imported by a computed path: the compiled start
 * (build/serverBuild.mjs) replaces this file with static imports of the same files.
 */
export async function importModuleFile<Exports = Record<string, unknown>>(
  folder: string,
  name: ModuleFileName,
): Promise<Exports | undefined> {
  const file = [`${name}.ts`, `${name}.js`].map((f) => join(MODULES, folder, f)).find((f) => existsSync(f));
  return file ? ((await import(pathToFileURL(file).href)) as Exports) : undefined;
}
