import { readConfigOrExit } from './config';
import { buildApp } from './app';
import { loggerOptions } from './loggerOptions';
import { startLine } from './startLine';

const config = readConfigOrExit();
const app = await buildApp({
  config,
  logger: loggerOptions(config.logLevel, process.stdout.isTTY === true, config.logFormat),
  devnetsInBackground: true,
});

/**
 * SIGTERM or SIGINT: drain (docs/DECISIONS.md "Database faults"). `app.close()` stops accepting,
 * lets the requests in flight finish (later ones on open connections get a 503 in the envelope,
 * server/http/drain.ts) and then closes the database pool. Past SHUTDOWN_GRACE_MS the process
 * exits anyway, so a stuck request cannot hold a deployment.
 */
const shutdown = async (signal: string) => {
  app.log.info({ signal, graceMs: config.shutdownGraceMs }, 'draining');
  const deadline = setTimeout(() => {
    app.log.warn('requests still running after the grace period; exiting');
    process.exit(1);
  }, config.shutdownGraceMs).unref();
  await app.close();
  clearTimeout(deadline);
  app.log.info('drained');
  process.exit(0);
};
process.once('SIGINT', () => void shutdown('SIGINT'));
process.once('SIGTERM', () => void shutdown('SIGTERM'));

await app.listen({ port: config.port, host: config.host });
app.log.info(await startLine(config, app.context.db));
// Devnets replaying their journals after the server is ready (docs/DECISIONS.md "Restart to ready"): a
// journal that no longer applies stops the process, as it did when the replay came before listen.
await app.devnetsStarted.catch(async (error: unknown) => {
  app.log.fatal({ reason: String(error) }, 'a devnet could not start');
  await app.close();
  process.exit(1);
});
