import { createInterface } from 'node:readline';
import { openDatabase } from '../server/db/database';
import { startWebhookDelivery } from '../server/modules/webhook/delivery';
import { loopClock } from './webhooks';

/**
 * One instance's webhook delivery loop in a process of its own (bench/webhooks.ts, on PostgreSQL):
 * its own pool on the database of BENCH_WEBHOOK_DATABASE_URL, the loop the server runs
 * (`startWebhookDelivery`) at BENCH_WEBHOOK_BEAT_MS, on the clock of loop BENCH_WEBHOOK_LOOP. Says `ready` on stdout once connected, starts
 * on `go` on stdin, stops on `stop` (a pass under way finishing first) and says `stopped`; a failed
 * pass is a line of JSON on stdout at once.
 */
const database = await openDatabase({ databaseUrl: process.env.BENCH_WEBHOOK_DATABASE_URL, migrate: false });
await database.db.selectFrom('webhookDelivery').select('id').limit(1).execute();
process.stdout.write('ready\n');
let stop = async () => {};
for await (const line of createInterface({ input: process.stdin })) {
  if (line === 'go')
    stop = startWebhookDelivery(
      { db: database.db, now: loopClock(Number(process.env.BENCH_WEBHOOK_LOOP), () => new Date()), chainMode: 'devnet' },
      Number(process.env.BENCH_WEBHOOK_BEAT_MS),
      (error) => process.stdout.write(`${JSON.stringify({ failure: String(error) })}\n`),
    );
  if (line === 'stop') break;
}
await stop();
await database.close();
process.stdout.write('stopped\n');
