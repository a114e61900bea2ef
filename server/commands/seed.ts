import { readConfig } from '../config';
import { openDatabaseWhenReachable, retryOnConsole } from '../db/waitForDatabase';
import { seedDemoUnlessSeeded } from '../db/seed';

/**
 * `npm run seed`: migrates, then writes the demo data (server/db/seed; accounts in README.md "Demo accounts") unless the database has users
 * already. Idempotent and safe beside running instances (server/db/seed/index.ts).
 */
const config = readConfig();
const handle = await openDatabaseWhenReachable(
  { databaseUrl: config.databaseUrl, dataDir: config.dataDir },
  { onRetry: retryOnConsole },
);
try {
  const seeded = await seedDemoUnlessSeeded(handle.db);
  console.log(seeded ? 'demo data seeded' : 'the database has users already: nothing seeded');
} finally {
  await handle.close();
}
