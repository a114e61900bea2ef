import { readConfig } from './config';
import { buildApp } from './app';
import { loggerOptions } from './loggerOptions';
import { startLine } from './startLine';

const config = readConfig();
const app = await buildApp({ config, logger: loggerOptions(config.logLevel, process.stdout.isTTY === true) });

const shutdown = async (signal: string) => {
  app.log.info({ signal }, 'shutting down');
  await app.close();
  process.exit(0);
};
process.once('SIGINT', () => void shutdown('SIGINT'));
process.once('SIGTERM', () => void shutdown('SIGTERM'));

await app.listen({ port: config.port, host: config.host });
app.log.info(await startLine(config, app.context.db));
