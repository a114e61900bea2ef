import { sessionUseStamper } from './http/sessionUse';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import rateLimit from '@fastify/rate-limit';
import compress from '@fastify/compress';
import { constants as zlib } from 'node:zlib';
import type { ServerConfig } from './config';
import type { DatabaseHandle } from './db/database';
import { openDatabaseWhenReachable } from './db/waitForDatabase';
import { loadMessages } from './http/messages';
import { frameworkErrors, installErrorHandler } from './http/errorHandler';
import { installDrain } from './http/drain';
import { databaseRateLimitStore } from './http/rateLimitStore';
import { registerUploadRoute } from './modules/brand/uploads';
import { serveStatic } from './http/staticFiles';
import { registerApiDocs } from './http/apiDocs';
import { contractSerializer, contractValidator } from './http/routeSchema';
import { installSecurityHeaders, probeSecurityHeaders } from './http/securityHeaders';
import type { ServerContext } from './http/serverContext';
import { CALLER_CHANGE_CHANNEL, ChangeFeedCache, REFERENCE_CHANGE_CHANNEL } from './http/changeFeedCache';
import type { SessionFacts } from './http/caller';
import { modules } from './modules';
import { seedDemoIfEmpty } from './db/seed';
import { databaseClock } from './db/databaseClock';
import { startExpirySweeper } from './modules/sign/expirySweeper';
import { startAuditSealer } from './modules/auditLog/sealer';
import { startOutflowResume } from './modules/outflow/resume';
import { startIdempotencyPurge } from './http/idempotency';
import { startDepositWatcher } from './modules/deposit/watcher';
import { startWebhookDelivery } from './modules/webhook/delivery';
import { startOrderExpiry } from './modules/deposit/orderExpiry';
import { ChainRegistry, chainSettingsOf } from './chain/registry';
import { devnetTokensOf } from './chain/devnetTokens';
import { materializeBooks } from './chain/materialize';

export interface BuildOptions {
  config: ServerConfig;
  /** An open database to use (tests share one per file); otherwise one is opened from config. */
  database?: DatabaseHandle;
  /** Fastify logger; off in tests. */
  logger?: FastifyServerOptions['logger'];
  now?: () => Date;
  /**
   * The chains of another instance in this process (the API tests' second instance on the same
   * database): two embedded devnets would be two different chains (docs/chains.md "Modes").
   */
  chains?: ChainRegistry;
  /**
   * `npm start`: devnets that replay their journals start without being waited for, the server
   * listening meanwhile (docs/DECISIONS.md "Restart to ready"); `app.devnetsStarted` says when they have.
   */
  devnetsInBackground?: boolean;
}

declare module 'fastify' {
  /** What buildApp decorates the app with (Fastify's own way of typing a decorator). */
  interface FastifyInstance {
    context: ServerContext;
    /** Every route registered, as `METHOD /url` (the audit catalogue test reads the write routes). */
    routeList: string[];
    /** Settles when the devnets started with this app have (at once unless started in the background). */
    devnetsStarted: Promise<void>;
  }
}

/** The app buildApp answers: a Fastify instance with its decorations. */
export type App = FastifyInstance;

/** The PostgreSQL pool's settings from the environment (server/config.ts). */
export const poolOptionsOf = (config: ServerConfig) => ({
  max: config.dbPoolMax,
  connectTimeoutMs: config.dbConnectTimeoutMs,
  statementTimeoutMs: config.dbStatementTimeoutMs,
  applicationName: config.dbApplicationName,
});

/** The whole API and the console's files, ready for `inject` or `listen`. */
export async function buildApp(options: BuildOptions): Promise<App> {
  const { config } = options;
  // Started now, awaited where the headers are installed: the probe runs beside the database's open.
  void probeSecurityHeaders().catch(() => undefined);
  const messages = loadMessages(config.localesDir);
  const app = Fastify({
    logger: options.logger ?? false,
    bodyLimit: 1024 * 1024,
    trustProxy: config.trustProxy,
    // While closing, requests are answered by the drain's own 503 in the envelope (server/http/drain.ts).
    return503OnClosing: false,
    // A malformed URL or an over-long path parameter: a 400 in the envelope, not Fastify's own body.
    frameworkErrors: frameworkErrors(messages),
  });
  const database =
    options.database ??
    (await openDatabaseWhenReachable(
      {
        databaseUrl: config.databaseUrl,
        dataDir: config.dataDir,
        pool: poolOptionsOf(config),
        migrate: config.migrateOnStart,
        readUrl: config.databaseReadUrl,
        onReaderFallback: (error) =>
          app.log.warn({ reason: String(error) }, 'read replica not reachable: reads go to the primary for a while'),
      },
      {
        onRetry: (error, attempt, waitMs) =>
          app.log.warn({ attempt, waitMs, reason: String(error) }, 'database not reachable yet; waiting'),
      },
    ));
  const ownsDatabase = !options.database;
  // Start-up says how far it got: a start that hangs shows where (seconds on a fresh PGlite).
  if (ownsDatabase) app.log.info({ kind: database.kind }, 'database open');
  const callers = new ChangeFeedCache<SessionFacts>(config.readCacheMs);
  const answers = new ChangeFeedCache<unknown>(config.readCacheMs);
  // Tests move their own clock; a real instance follows the database's (server/db/databaseClock.ts).
  const clock = options.now ? undefined : await databaseClock(database.db);
  const now = options.now ?? clock!.now;
  const stampSessionUse = sessionUseStamper(database.db, app.log);
  // A devnet started in the background finds its tokens read beforehand: it never waits for the database.
  const tokensRead = new Map<number, Awaited<ReturnType<typeof devnetTokensOf>>>();
  const chains =
    options.chains ??
    new ChainRegistry(
      chainSettingsOf(config),
      async (chainId) => {
        const read = tokensRead.get(chainId);
        tokensRead.delete(chainId);
        return read ?? devnetTokensOf(database.db, chainId);
      },
      (chainId, devnet, adapter) => materializeBooks(database.db, chainId, devnet, adapter),
    );
  const context: ServerContext = {
    db: database.db,
    reader: database.reader,
    config,
    messages,
    now,
    callers,
    answers,
    stampSessionUse,
    routes: [],
    chains,
  };
  const stopSweeper = startExpirySweeper(database.db, now, config.expirySweepMs, (error) =>
    app.log.warn({ reason: String(error) }, 'expiry sweep failed'),
  );
  // Idempotency keys past their 24 hours, on the sweep's beat (server/http/idempotency.ts).
  const stopPurge = startIdempotencyPurge(database.db, now, config.expirySweepMs, (error) =>
    app.log.warn({ reason: String(error) }, 'idempotency key purge failed'),
  );
  // Orders past their expiry announced once (order.expired), on the sweep's beat (docs/webhooks.md "Events").
  const stopOrderExpiry = startOrderExpiry(database.db, now, config.expirySweepMs, (error) =>
    app.log.warn({ reason: String(error) }, 'order expiry sweep failed: tried again on the next beat'),
  );
  // The audit chain's sequencer: seals what a crash left unsealed before the instance serves, then after each write.
  const sealer = await startAuditSealer(database.db, config.auditSealMs, {
    head: (head) => app.log.info(head, 'audit chain head'),
    failed: (error) => app.log.warn({ reason: String(error) }, 'audit chain sealing failed: tried again on the next beat'),
  });
  const stopPokes = database.onAuditedCommit(sealer.poke);
  // Webhook deliveries that are due, on every instance side by side (docs/webhooks.md "Delivery and retries").
  const stopWebhooks =
    config.webhookDeliveryMs > 0
      ? startWebhookDelivery({ db: database.db, now, chainMode: config.chainMode }, config.webhookDeliveryMs, (error) =>
          app.log.warn({ reason: String(error) }, 'webhook delivery pass failed: tried again on the next beat'),
        )
      : async () => undefined;
  const stopFeeds = [
    await database.listen(
      CALLER_CHANGE_CHANNEL,
      () => callers.clear(),
      (live) => callers.setLive(live),
    ),
    await database.listen(
      REFERENCE_CHANGE_CHANNEL,
      () => answers.clear(),
      (live) => answers.setLive(live),
    ),
  ];

  app.decorate('context', context);
  const routeList: string[] = [];
  app.decorate('routeList', routeList);
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) routeList.push(`${method} ${route.url}`);
  });

  // Routes' zod schemas run in Fastify's own pipeline (server/http/routeSchema.ts).
  app.setValidatorCompiler(contractValidator);
  app.setSerializerCompiler(contractSerializer);
  // Only JSON bodies (and multipart where a module registers it): anything else is a 415.
  app.removeContentTypeParser('text/plain');
  installErrorHandler(app, messages);
  installDrain(app, messages);
  await installSecurityHeaders(app);
  // Counters in the database: every instance counts the same hits (server/http/rateLimitStore.ts).
  await app.register(rateLimit, { global: false, store: databaseRateLimitStore(database.db) });
  // Answers above 1 KB compressed on the fly (streamed exports too, chunk by chunk); brotli at a
  // quality that costs little CPU. The console's files go out precompressed instead.
  await app.register(compress, {
    global: true,
    threshold: 1024,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [zlib.BROTLI_PARAM_QUALITY]: 4 } },
  });
  // GET /api/openapi.json from the routes below, and its reader at /api/docs.
  await registerApiDocs(app);
  for (const register of modules) register(app, context);
  registerUploadRoute(app, context.db, config.uploadsDir);
  await serveStatic(app, { staticDir: config.staticDir, localesDir: config.localesDir }, messages);

  // Started once the devnets are (below); stopped before the database closes, a poll under way finishing first.
  let stopWatcher: () => Promise<void> = async () => undefined;
  let stopResume: () => Promise<void> = async () => undefined;
  app.addHook('onClose', async () => {
    await stopWatcher();
    await stopResume();
    await stopWebhooks();
    await stopOrderExpiry();
    stopSweeper();
    stopPurge();
    stopPokes();
    await sealer.stop();
    clock?.stop();
    for (const stop of stopFeeds) await stop();
  });
  if (ownsDatabase) {
    app.addHook('onClose', () => database.close());
    // A deployment that migrates as its own step seeds as one too (`npm run seed`).
    if (config.migrateOnStart && (await seedDemoIfEmpty(context, database.kind))) {
      app.log.info('demo data seeded');
      database.refreshStatistics();
    }
  }
  // The devnets start with the server, after the seed (docs/chains.md "The embedded devnet"): a fresh
  // one reads the books to hold them, which it must never do from inside a request's transaction
  // (on PGlite that transaction holds the one connection).
  // On a restart their journals are replayed in the background when asked (`npm start`): a request
  // needing a devnet waits for its start (server/chain/registry.ts), readiness does not.
  let devnetsStarted = Promise.resolve();
  if (!options.chains) {
    const rows = await database.db
      .selectFrom('chain')
      .select(['chainId', 'family', 'rpcUrl'])
      .where('family', '=', 'evm')
      .orderBy('chainId')
      .execute();
    if (options.devnetsInBackground && chains.replaysJournals(rows)) {
      for (const row of rows) tokensRead.set(row.chainId, await devnetTokensOf(database.db, row.chainId));
      devnetsStarted = chains.startDevnetsInBackground(rows);
      // Said by whoever awaits `app.devnetsStarted` (server/main.ts), not as an unhandled rejection.
      devnetsStarted.catch(() => undefined);
    } else await chains.startDevnets(rows);
  }
  app.decorate('devnetsStarted', devnetsStarted);
  // Outflows recorded and not booked (a stop midway) are finished now and on the sweep's beat (docs/chains.md "The intent log").
  stopResume = startOutflowResume({ db: database.db, chains, now }, config.expirySweepMs, (owner, error) =>
    owner
      ? app.log.warn({ owner, reason: String(error) }, 'an outflow could not be finished yet: tried again on the next beat')
      : app.log.warn({ reason: String(error) }, 'the open outflows could not be read: tried again on the next beat'),
  );
  if (config.depositWatchMs > 0) {
    stopWatcher = startDepositWatcher(
      database.db,
      chains,
      now,
      config.depositWatchMs,
      (chainId, error) => app.log.warn({ chainId, reason: String(error) }, 'deposit watch failed'),
      (reorg) =>
        app.log.warn(
          { ...reorg, forkBlock: String(reorg.forkBlock), readFrom: String(reorg.readFrom), lastBlock: String(reorg.lastBlock) },
          'chain reorg: the books went back to the fork point',
        ),
    );
  }
  return app;
}
