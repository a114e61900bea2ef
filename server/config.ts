import path from 'node:path';
import type { DevnetBudgetOptions } from './modules/devnet/callBudget';
import { parseEnv } from './env';
import type { DevnetKeys } from './chain/evm/devnetKeys';

/** Everything the server reads from the environment (server/env.ts), read once in main.ts. */
export interface ServerConfig {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl?: string;
  /** 'demo' seeds the demo data (README.md "Demo accounts"); with PGlite it is the default on an empty database. */
  seed?: 'demo' | 'none';
  sessionTtlHours: number;
  proposalTtlHours: number;
  /** Folder of the built console; not served when missing (tests, dev). */
  staticDir?: string;
  /** Folder of translation files, served at /locales and used for server messages. */
  localesDir: string;
  /** Where versions before migration 019 stored uploaded images; still read for their old names. */
  uploadsDir: string;
  logLevel: string;
  /** `json`: JSON log lines on a terminal too (LOG_FORMAT; server/loggerOptions.ts). */
  logFormat?: 'json';
  /**
   * Which proxies' X-Forwarded-For to believe for the client address (rate limits key on it):
   * none by default, since a client reaching the server directly could name any address.
   * `true` (every hop), or the proxies' addresses / CIDRs, comma-separated (`loopback`,
   * `10.0.0.0/8`, …).
   */
  trustProxy: boolean | string;
  /**
   * Failed sign-ins one client address may make in 15 minutes, whatever the accounts: password
   * spraying across accounts stays under every per-account limit. Raise it for many users
   * behind one address (successful sign-ins never count).
   */
  loginFailuresPerAddress: number;
  /**
   * How long (ms) a session's lookup and a reference list's answer are remembered while the
   * database's change feed is up (server/http/changeFeedCache.ts); 0 turns the caches off.
   */
  readCacheMs: number;
  /**
   * The most orders a report search is looked up and counted for (REPORT_SEARCH_CAP, default
   * 50,000: a day's orders at 10M); a broader one pages without a count and is not totalled.
   */
  searchCap: number;
  /**
   * The database connections this instance may hold (DB_POOL_MAX, default 10). N instances hold
   * up to N × this many: keep it under PostgreSQL's max_connections (README "Running several
   * instances").
   */
  dbPoolMax: number;
  /** How long (ms) a request waits for a connection before it is answered 503 (DB_CONNECT_TIMEOUT_MS). */
  dbConnectTimeoutMs: number;
  /** The longest (ms) one SQL statement may run before PostgreSQL cancels it (DB_STATEMENT_TIMEOUT_MS; 0 = no limit). */
  dbStatementTimeoutMs: number;
  /** How this instance names itself to PostgreSQL (pg_stat_activity's application_name). */
  dbApplicationName: string;
  /** Optional replica for reads that tolerate lag (reports, lists, exports): DATABASE_READ_URL. */
  databaseReadUrl?: string;
  /**
   * Whether start-up applies pending migrations (MIGRATE_ON_START, default true). Off when a
   * deployment runs `npm run migrate` as its own step (behind PgBouncer in transaction mode,
   * whose connections cannot hold the migration's lock); the instance is then not ready until
   * the database is at its migrations' head.
   */
  migrateOnStart: boolean;
  /** How often (ms) each instance marks overdue proposals expired (EXPIRY_SWEEP_MS, default 10 s). */
  expirySweepMs: number;
  /** How often (ms) each instance seals the audit chain besides after each write (AUDIT_SEAL_MS, default 2 s). */
  auditSealMs: number;
  /**
   * How often (ms) each instance reads the EVM chains for deposits (DEPOSIT_WATCH_MS, default 1 s;
   * 0 turns the watcher off: docs/chains.md "Deposits").
   */
  depositWatchMs: number;
  /** How often (ms) each instance sends the due webhook deliveries (WEBHOOK_DELIVERY_MS, default 2 s; 0: off; docs/webhooks.md). */
  webhookDeliveryMs: number;
  /** How long (ms) a SIGTERM waits for requests in flight before the process exits anyway. */
  shutdownGraceMs: number;
  /** The change delay of an org that never saved a policy (docs/DECISIONS.md "Transaction policy"). */
  policyDelayHours: number;
  /**
   * How EVM chains are reached (docs/chains.md "Modes"): `devnet`, an embedded chain per EVM row
   * (the default); `rpc`, each row's RPC URL with the relayer's key below.
   */
  chainMode: 'devnet' | 'rpc';
  /** Where the devnets' journals live (DATA_DIR/devnet); null: devnets forget everything at exit. */
  devnetDir: string | null;
  /** rpc mode: the key that sends Safe transactions and pays their gas (RELAYER_PRIVATE_KEY); never stored or logged. */
  relayerKey: `0x${string}` | null;
  /**
   * rpc mode: the keys of the wallets the platform sends from itself, hot wallets (WALLET_KEYS,
   * comma-separated); a wallet whose key is not here receives but sends nothing. Never stored or logged.
   */
  walletKeys: `0x${string}`[];
  /**
   * What anonymous callers may ask of `/devnet` (server/modules/devnet/callBudget.ts): calls a minute
   * per client address (DEVNET_CALLS_PER_MINUTE, default 600), and for tests the running and waiting bounds.
   */
  devnetBudget: Partial<DevnetBudgetOptions>;
  /** Calls a minute per merchant API key (MERCHANT_API_CALLS_PER_MINUTE, default 600). */
  merchantApiPerMinute: number;
  /** The seed of the order addresses (DEPOSIT_SEED); unset: a random one kept in the data folder (server/chain/depositKeys.ts). Never logged. */
  depositSeed: string | undefined;
  /** Where the devnets' faucet and relayer keys live (DEVNET_KEYS_FILE; default `keys.json` in `devnetDir`: server/chain/evm/devnetKeys.ts). */
  devnetKeysFile: string | null;
  /** Tests only: these devnet keys rather than a file's (a test seeds its database before its server starts). */
  devnetKeys?: DevnetKeys;
  /**
   * Tests only: false keeps PostgreSQL's exports on their batches, never one COPY (server/http/copyExport.ts), so
   * the batches' own tests (tests/api/exportPace.test.ts) read them; unset = COPY where SQL writes the columns.
   */
  exportCopy?: boolean;
}

export const projectRoot = path.resolve(import.meta.dirname, '..');

/** The server's configuration from the environment (server/env.ts parses and documents each variable). */
export function readConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const parsed = parseEnv(env);
  const dataDir = path.resolve(parsed.DATA_DIR ?? path.join(projectRoot, 'data'));
  return {
    port: parsed.PORT,
    host: parsed.HOST,
    dataDir,
    databaseUrl: parsed.DATABASE_URL,
    seed: parsed.SEED,
    sessionTtlHours: parsed.SESSION_TTL_HOURS,
    proposalTtlHours: parsed.PROPOSAL_TTL_HOURS,
    staticDir: path.join(projectRoot, 'dist'),
    localesDir: path.join(projectRoot, 'public', 'locales'),
    uploadsDir: path.join(dataDir, 'uploads'),
    logLevel: parsed.LOG_LEVEL,
    logFormat: parsed.LOG_FORMAT,
    trustProxy: parsed.TRUST_PROXY,
    loginFailuresPerAddress: parsed.LOGIN_FAILURES_PER_ADDRESS,
    readCacheMs: parsed.READ_CACHE_MS,
    searchCap: parsed.REPORT_SEARCH_CAP,
    dbPoolMax: parsed.DB_POOL_MAX,
    dbConnectTimeoutMs: parsed.DB_CONNECT_TIMEOUT_MS,
    dbStatementTimeoutMs: parsed.DB_STATEMENT_TIMEOUT_MS,
    dbApplicationName: parsed.DB_APPLICATION_NAME,
    databaseReadUrl: parsed.DATABASE_READ_URL,
    migrateOnStart: parsed.MIGRATE_ON_START === 'true',
    expirySweepMs: parsed.EXPIRY_SWEEP_MS,
    auditSealMs: parsed.AUDIT_SEAL_MS,
    depositWatchMs: parsed.DEPOSIT_WATCH_MS,
    webhookDeliveryMs: parsed.WEBHOOK_DELIVERY_MS,
    shutdownGraceMs: parsed.SHUTDOWN_GRACE_MS,
    policyDelayHours: parsed.POLICY_DELAY_HOURS,
    chainMode: parsed.CHAIN_MODE,
    devnetDir: path.join(dataDir, 'devnet'),
    relayerKey: parsed.RELAYER_PRIVATE_KEY,
    walletKeys: parsed.WALLET_KEYS,
    depositSeed: parsed.DEPOSIT_SEED,
    merchantApiPerMinute: parsed.MERCHANT_API_CALLS_PER_MINUTE,
    devnetKeysFile: parsed.DEVNET_KEYS_FILE ? path.resolve(parsed.DEVNET_KEYS_FILE) : null,
    devnetBudget: { perMinute: parsed.DEVNET_CALLS_PER_MINUTE },
  };
}

/** For a process's start: the configuration, or the environment's error on one line and exit code 1 (no stack). */
export function readConfigOrExit(): ServerConfig {
  try {
    return readConfig();
  } catch (error) {
    console.error(`Configuration: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  }
}
