import fs from 'node:fs';
import type { TestProject } from 'vitest/node';
import { startServer } from './serverProcess';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A data directory with the database migrated and the demo data seeded, for each file to copy. */
    e2eTemplateDir: string;
  }
}

/**
 * Runs once before the e2e files: the real server starts on an empty data directory (initdb,
 * every migration, the demo seed, as `npm start` does on a fresh machine), is stopped cleanly,
 * and its directory becomes the template each file's server starts from (tests/e2e/serverProcess.ts).
 * Every file still gets a database of its own; none waits for the seed again.
 */
export default async function setup(project: TestProject): Promise<() => void> {
  const server = await startServer();
  const dir = await server.stopKeepingData();
  project.provide('e2eTemplateDir', dir);
  return () => fs.rmSync(dir, { recursive: true, force: true });
}
