import path from 'node:path';

/** Everything the server reads from the environment, read once in main.ts. */
export interface ServerConfig {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl?: string;
  /** 'demo' seeds the demo data of SPEC B7; with PGlite it is the default on an empty database. */
  seed?: 'demo' | 'none';
  sessionTtlHours: number;
  proposalTtlHours: number;
  /** Folder of the built console; not served when missing (tests, dev). */
  staticDir?: string;
  /** Folder of translation files, served at /locales and used for server messages. */
  localesDir: string;
  uploadsDir: string;
  logLevel: string;
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
}

const positiveInt = (raw: string | undefined, fallback: number, name: string): number => {
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value <= 0) throw new Error(`${name} must be a positive integer, got "${raw}"`);
  return value;
};

function trustProxyOf(raw: string | undefined): boolean | string {
  if (raw === undefined || raw === '' || raw === 'false') return false;
  return raw === 'true' ? true : raw;
}

export const projectRoot = path.resolve(import.meta.dirname, '..');

export function readConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const dataDir = path.resolve(env.DATA_DIR ?? path.join(projectRoot, 'data'));
  const seed = env.SEED === 'demo' ? 'demo' : env.SEED === 'none' ? 'none' : undefined;
  return {
    port: positiveInt(env.PORT, 8080, 'PORT'),
    host: env.HOST ?? '0.0.0.0',
    dataDir,
    databaseUrl: env.DATABASE_URL || undefined,
    seed,
    sessionTtlHours: positiveInt(env.SESSION_TTL_HOURS, 12, 'SESSION_TTL_HOURS'),
    proposalTtlHours: positiveInt(env.PROPOSAL_TTL_HOURS, 72, 'PROPOSAL_TTL_HOURS'),
    staticDir: path.join(projectRoot, 'dist'),
    localesDir: path.join(projectRoot, 'public', 'locales'),
    uploadsDir: path.join(dataDir, 'uploads'),
    logLevel: env.LOG_LEVEL ?? 'info',
    trustProxy: trustProxyOf(env.TRUST_PROXY),
    loginFailuresPerAddress: positiveInt(env.LOGIN_FAILURES_PER_ADDRESS, 100, 'LOGIN_FAILURES_PER_ADDRESS'),
    readCacheMs: env.READ_CACHE_MS === '0' ? 0 : positiveInt(env.READ_CACHE_MS, 5000, 'READ_CACHE_MS'),
    searchCap: positiveInt(env.REPORT_SEARCH_CAP, 50_000, 'REPORT_SEARCH_CAP'),
  };
}
