import { readConfig } from './config';
import { buildApp } from './app';

const config = readConfig();
const app = await buildApp({ config, logger: { level: config.logLevel } });

const shutdown = async (signal: string) => {
  app.log.info({ signal }, 'shutting down');
  await app.close();
  process.exit(0);
};
process.once('SIGINT', () => void shutdown('SIGINT'));
process.once('SIGTERM', () => void shutdown('SIGTERM'));

await app.listen({ port: config.port, host: config.host });
app.log.info(`Console and API on http://localhost:${config.port}`);
