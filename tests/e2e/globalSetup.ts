import fs from 'node:fs';
import { startServer } from './serverProcess';
import { TEMPLATE_DIR_VAR } from './test';

/**
 * Runs once before the e2e files (playwright.config.ts): the real server starts on an empty data
 * directory (initdb, every migration, the demo seed, as `npm start` does on a fresh machine), is
 * stopped cleanly, and its directory becomes the template each file's server starts from
 * (tests/e2e/test.ts). Every file still gets a database of its own; none waits for the seed again.
 * The workers learn the directory from the environment, which they inherit from here.
 */
export default async function globalSetup(): Promise<() => void> {
  const server = await startServer();
  const dir = await server.stopKeepingData();
  process.env[TEMPLATE_DIR_VAR] = dir;
  return () => fs.rmSync(dir, { recursive: true, force: true });
}
