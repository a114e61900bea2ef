import Fastify from 'fastify';
import { buildApp } from '../server/app';
import { readConfig } from '../server/config';
import { openDatabase } from '../server/db/database';
import { seedDemo } from '../server/db/seed';

/**
 * The two servers the throughput bench compares, in one child process so the load
 * generator does not share their event loop: the real API (in-memory PGlite, demo
 * data) and a bare Fastify route answering a constant envelope.
 */
const database = await openDatabase({});
await seedDemo(database.db);
const api = await buildApp({ config: { ...readConfig({}), staticDir: undefined, seed: 'none' }, database });
await api.listen({ port: 0, host: '127.0.0.1' });

const bare = Fastify();
const constant = { code: 200, msg: 'ok', data: { list: [], count: 0 } };
bare.get('/api/sys/chain/list', async () => constant);
await bare.listen({ port: 0, host: '127.0.0.1' });

const portOf = (server: { server: { address(): unknown } }) => (server.server.address() as { port: number }).port;
process.stdout.write(`${JSON.stringify({ api: portOf(api), bare: portOf(bare) })}\n`);
process.once('SIGTERM', async () => {
  await api.close();
  await database.close();
  await bare.close();
  process.exit(0);
});
