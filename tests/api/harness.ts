import { ApiPath } from '../../src/contract/apiPaths';
import pg from 'pg';
import { sql } from 'kysely';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { buildApp, type App, type BuildOptions } from '../../server/app';
import { readConfig, type ServerConfig } from '../../server/config';
import { openDatabase, type DatabaseHandle, type Db } from '../../server/db/database';
import { seedDemo } from '../../server/db/seed';
import { randomDevnetKeys } from '../../server/chain/evm/devnetKeys';
import { guardAddressOf } from '../../server/chain/evm/executionGuard';
import { DEMO_PASSWORD, type DemoOrgKey } from '../../server/db/seed/demoData';
import type { Envelope } from '../../src/contract/envelope';
import { accountClients, type AccountClient } from './client';

export type { AccountClient, ResourceClient, RecordOf } from './client';

/**
 * One real server per test file on a fresh database: in-memory PGlite, or a new
 * throw-away database on the PostgreSQL of DATABASE_URL when that is set.
 */
export interface TestServer {
  app: App;
  /** The database the app runs on (a second app on it plays another instance). */
  database: DatabaseHandle;
  /** The app's database (`app.context.db`): for a test's own reads and set-up rows. */
  db: Db;
  orgIds: Record<DemoOrgKey, number>;
  call<T = unknown>(method: 'GET' | 'POST', path: string, options?: CallOptions): Promise<Envelope<T>>;
  login(account: string, password?: string): Promise<string>;
  /** Calls as a demo account, signed in once per server (tests/api/client.ts). */
  as(account: string): AccountClient;
  /** Moves the server's clock forward (expiry tests without sleeping). */
  advanceClock(ms: number): void;
  /** The server's clock: real time plus every `advanceClock` so far (TOTP codes are taken on it). */
  now(): Date;
  close(): Promise<void>;
}

export interface CallOptions {
  token?: string;
  body?: unknown;
  query?: Record<string, string | number | boolean | undefined>;
  orgId?: number | string;
  headers?: Record<string, string>;
  /** The client address the server sees (per-address rate limits); default 127.0.0.1. */
  remoteAddress?: string;
}

/** A transaction isolation level every connection of the test database starts with. */
export type Isolation = 'read committed' | 'repeatable read' | 'serializable';

async function openTestDatabase(isolation: Isolation = 'read committed'): Promise<{ handle: DatabaseHandle; drop: () => Promise<void> }> {
  const url = process.env.DATABASE_URL;
  if (!url) {
    const handle = await openDatabase({});
    // PGlite is one session: setting it there sets it for every query.
    await sql`set default_transaction_isolation to ${sql.lit(isolation)}`.execute(handle.db);
    return { handle, drop: () => handle.close() };
  }
  const name = `custody_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.query(`alter database ${name} set default_transaction_isolation to '${isolation}'`);
  await admin.end();
  const testUrl = new URL(url);
  testUrl.pathname = `/${name}`;
  const handle = await openDatabase({ databaseUrl: testUrl.toString() });
  return {
    handle,
    drop: async () => {
      await handle.close();
      const cleanup = new pg.Client({ connectionString: url });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    },
  };
}

export async function startTestServer(
  options: { seed?: boolean; config?: Partial<ServerConfig>; isolation?: Isolation; logger?: BuildOptions['logger'] } = {},
): Promise<TestServer> {
  const { handle, drop } = await openTestDatabase(options.isolation);
  // The devnets' faucet and relayer, made here: the seed's Safes carry the relayer's guard, and the server's devnets use the same keys.
  const devnetKeys = randomDevnetKeys();
  const orgIds =
    options.seed === false ? ({} as Record<DemoOrgKey, number>) : await seedDemo(handle.db, guardAddressOf(devnetKeys.relayer.address));
  let offset = 0;
  // Uploads go to a throw-away folder, never into the project's data/.
  const uploadsDir = fs.mkdtempSync(path.join(os.tmpdir(), 'custody-uploads-'));
  // No background expiry sweep unless a test asks for one: what a read shows before the sweep
  // must not depend on when a timer fired (tests/api/databaseFaults.test.ts starts sweeps itself).
  // No deposit watcher either: tests/api/depositWatcher.test.ts polls the chain itself; nor the webhook loop (tests/api/webhook.test.ts delivers itself).
  const config = {
    ...readConfig({}),
    staticDir: undefined,
    seed: 'none' as const,
    uploadsDir,
    expirySweepMs: 24 * 3_600_000,
    depositWatchMs: 0,
    webhookDeliveryMs: 0,
    devnetDir: null,
    devnetKeys,
    // Order addresses from a seed of this run's own, never a file in the project's data/.
    depositSeed: randomBytes(32).toString('hex'),
    // Exports by their batches on PostgreSQL too, as the export tests read them (tests/api/exportPace.test.ts counts the
    // batches' rows); tests/api/exportCopy.test.ts turns COPY on, and TEST_EXPORT_COPY=1 does for every file.
    exportCopy: process.env.TEST_EXPORT_COPY === '1',
    ...options.config,
  };
  // TEST_INSTANCES=2 (the PostgreSQL run of `npm test`): a second instance on the same database
  // answers every other call, as behind a load balancer. The caches are off there: an instance
  // hears of another's change a few milliseconds after the answer (docs/DECISIONS.md "Database
  // faults and many instances"), and a test's next call may be quicker. Both instances use one
  // set of devnets, as two instances in rpc mode use one chain. A file that sets its own
  // cache timing (tests/api/changeFeedCache.test.ts) builds its second instance itself.
  const twoInstances = process.env.TEST_INSTANCES === '2' && options.config?.readCacheMs === undefined;
  if (twoInstances) config.readCacheMs = 0;
  const now = () => new Date(Date.now() + offset);
  const app = await buildApp({ config, database: handle, now, logger: options.logger });
  const apps = twoInstances ? [app, await buildApp({ config, database: handle, now, chains: app.context.chains })] : [app];
  let calls = 0;

  const call = async <T>(method: 'GET' | 'POST', path: string, opts: CallOptions = {}): Promise<Envelope<T>> => {
    const headers: Record<string, string> = { ...opts.headers };
    if (opts.token) headers.authorization = `Bearer ${opts.token}`;
    if (opts.orgId !== undefined) headers['x-org-id'] = String(opts.orgId);
    const query = Object.fromEntries(
      Object.entries(opts.query ?? {})
        .filter(([, v]) => v !== undefined)
        .map(([k, v]) => [k, String(v)]),
    );
    calls += 1;
    const response = await apps[calls % apps.length].inject({
      method,
      url: `/api${path}`,
      headers,
      query,
      ...(opts.remoteAddress ? { remoteAddress: opts.remoteAddress } : {}),
      ...(opts.body !== undefined ? { payload: opts.body as object } : {}),
    });
    if (response.statusCode !== 200) throw new Error(`HTTP ${response.statusCode} for ${method} ${path}: ${response.body}`);
    return response.json<Envelope<T>>();
  };

  const server: TestServer = {
    app,
    database: handle,
    db: handle.db,
    orgIds,
    call,
    as: (account) => as(account),
    async login(account, password = DEMO_PASSWORD) {
      const res = await call<{ token: string }>('POST', ApiPath.auth.login, { body: { account, password } });
      if (res.code !== 200) throw new Error(`login ${account} failed: ${res.msg}`);
      return res.data.token;
    },
    advanceClock(ms) {
      offset += ms;
    },
    now,
    async close() {
      for (const instance of apps) await instance.close();
      await drop();
      fs.rmSync(uploadsDir, { recursive: true, force: true });
    },
  };
  const as = accountClients(server);
  return server;
}
