import { readConfigOrExit } from '../config';
import { openDatabaseWhenReachable, retryOnConsole } from '../db/waitForDatabase';

/**
 * `npm run migrate`: applies pending migrations to the configured database (DATABASE_URL, or
 * DATA_DIR's PGlite) and exits, for deployments that migrate as a step before starting
 * instances (README "Running several instances"). Safe to run twice or from two places at once:
 * Kysely's migrator holds a lock and skips what is applied.
 */
const config = readConfigOrExit();
const handle = await openDatabaseWhenReachable({ databaseUrl: config.databaseUrl, dataDir: config.dataDir }, { onRetry: retryOnConsole });
await handle.close();
console.log(`migrations at head on ${handle.kind}`);
