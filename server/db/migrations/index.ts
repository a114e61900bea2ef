import { readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { Migration } from 'kysely';

// From the file's own path (a string): test environments may replace the global URL class.
const FOLDER = dirname(fileURLToPath(import.meta.url));
/** `NNN_what.ts`: a migration's file name is its name, its number its place. */
const MIGRATION_FILE = /^(\d{3}_[a-z0-9_]+)\.ts$/;

/**
 * Versioned migrations, applied in name order at start: every `NNN_what.ts` of this folder, so a
 * new one is its file alone (a declared resource's table is its declaration plus its migration).
 * Never change what a released one runs (nor the pieces of ./frozen.ts it calls): add the next number.
 */
async function load(): Promise<Record<string, Migration>> {
  const names = readdirSync(FOLDER)
    .map((file) => MIGRATION_FILE.exec(file)?.[1])
    .filter((name): name is string => name !== undefined)
    .sort();
  const loaded = await Promise.all(
    names.map(async (name) => [name, (await import(pathToFileURL(join(FOLDER, `${name}.ts`)).href)) as Migration] as const),
  );
  return Object.fromEntries(loaded);
}

export const migrations: Record<string, Migration> = await load();
