import { readdirSync, existsSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { dirname, join, relative } from 'node:path';
import type { ResourceDeclaration } from '../../../src/resources/engine/types';
import { checkSelfContained } from '../../../src/resources/engine/checkDeclaration';

// From the file's own path (a string): test environments may replace the global URL class.
const ROOT = join(dirname(fileURLToPath(import.meta.url)), '../../..');
const RESOURCES = join(ROOT, 'src/resources');

/**
 * The self-contained declarations (`<folder>/<name>/resource.ts`) the server serves with the
 * generic service: found by file name, the same files the console finds, so adding a resource
 * edits no list on either side. Each is checked as it is read (checkDeclaration): this module is
 * read when the server's modules are imported, before the database is opened, migrated or seeded,
 * so a declaration mistake stops the start-up with a sentence that names the fix.
 */
export async function discoverDeclarations(folder: string): Promise<ResourceDeclaration[]> {
  const found: ResourceDeclaration[] = [];
  for (const name of readdirSync(folder).sort()) {
    const file = join(folder, name, 'resource.ts');
    if (!existsSync(file)) continue;
    const declaration = ((await import(pathToFileURL(file).href)) as { default: ResourceDeclaration }).default;
    checkSelfContained(declaration, relative(ROOT, file));
    found.push(declaration);
  }
  return found;
}

export const declaredResources: readonly ResourceDeclaration[] = await discoverDeclarations(RESOURCES);
