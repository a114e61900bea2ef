import { readConfigOrExit } from '../config';
import { openDatabaseWhenReachable, retryOnConsole } from '../db/waitForDatabase';
import { seedDemoUnlessSeeded } from '../db/seed';
import { safeGuardFor } from '../chain/registry';

/**
 * `npm run seed`: migrates, then writes the demo data (server/db/seed; accounts in README.md "Demo accounts") unless the database has users
 * already. Idempotent and safe beside running instances (server/db/seed/index.ts).
 */
const config = readConfigOrExit();
const handle = await openDatabaseWhenReachable({ databaseUrl: config.databaseUrl, dataDir: config.dataDir }, { onRetry: retryOnConsole });
try {
  // The Safes' addresses depend on the relayer whose guard they carry: the one the server will use.
  const seeded = await seedDemoUnlessSeeded(handle.db, safeGuardFor(config));
  console.log(seeded ? 'demo data seeded' : 'the database has users already: nothing seeded');
} finally {
  await handle.close();
}
