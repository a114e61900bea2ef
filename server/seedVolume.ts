import { parseArgs } from 'node:util';
import { readConfigOrExit } from './config';
import { openDatabase } from './db/database';
import { seedDemo } from './db/seed';
import { safeGuardFor } from './chain/registry';
import { seedVolume } from './db/seed/volume';

/**
 * `npm run seed:volume -- --orders 1000000`: adds orders at volume to the configured database
 * (DATA_DIR's PGlite, or DATABASE_URL), seeding the demo data first on an empty one.
 */
const { values } = parseArgs({ options: { orders: { type: 'string', default: '1000000' }, days: { type: 'string', default: '365' } } });
const orders = Number(values.orders);
const days = Number(values.days);
if (!Number.isInteger(orders) || orders <= 0 || !Number.isInteger(days) || days <= 0) {
  console.error('--orders and --days take a positive whole number, e.g. --orders 1000000');
  process.exit(2);
}
const config = readConfigOrExit();
const handle = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
const started = Date.now();
try {
  const anyone = await handle.db.selectFrom('appUser').select('id').limit(1).executeTakeFirst();
  if (!anyone) {
    console.log('empty database: seeding the demo data first');
    await seedDemo(handle.db, safeGuardFor(config));
  }
  await seedVolume(handle.db, { orders, days, log: (line) => console.log(`${line} (${((Date.now() - started) / 1000).toFixed(0)} s)`) });
  console.log(`done on ${handle.kind} in ${((Date.now() - started) / 1000).toFixed(0)} s`);
} finally {
  await handle.close();
}
