import { readdirSync, existsSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { dirname, join } from 'node:path';
import type { ResourceDeclaration } from '../../../src/resources/engine/types';
import { apiFieldsOf } from '../../../src/resources/engine/apiFields';

// From the file's own path (a string): test environments may replace the global URL class.
const RESOURCES = join(dirname(fileURLToPath(import.meta.url)), '../../../src/resources');

/**
 * The self-contained declarations (`src/resources/<name>/resource.ts`) whose `api` the server
 * serves with the generic service: found by file name, the same files the console finds, so
 * adding a resource edits no list on either side. Each is checked as it is read: a declaration
 * mistake stops the start-up with a sentence that names the fix.
 */
async function discover(): Promise<ResourceDeclaration[]> {
  const found: ResourceDeclaration[] = [];
  for (const folder of readdirSync(RESOURCES).sort()) {
    const file = join(RESOURCES, folder, 'resource.ts');
    if (!existsSync(file)) continue;
    const declaration = ((await import(pathToFileURL(file).href)) as { default: ResourceDeclaration }).default;
    if (!declaration?.api) continue;
    apiFieldsOf(declaration);
    found.push(declaration);
  }
  return found;
}

export const declaredResources: readonly ResourceDeclaration[] = await discover();
